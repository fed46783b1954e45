import type { ColumnTarget } from "./column-targets";

// The column names of the same exports downloaded in another UI language: Search Console's Performance export, GA4's
// reports, Google Ads' downloads, Meta's Ads Manager and Shopify's analytics, in French, German, Spanish, Portuguese,
// Italian, Dutch and Japanese (Search Console's also in Polish, Turkish, Czech, Swedish, Korean, Chinese and
// Russian), for the dates, dimensions and metrics the product knows (lib/csv-import/known-columns.ts holds the English
// names and the ignored ones). Names several languages share ("Sessions", "Impressions", "CTR") sit under the first
// that writes them; the language of a header is told by the names only one language writes.

export type Language =
  "en" | "fr" | "de" | "es" | "pt" | "it" | "nl" | "ja" | "pl" | "tr" | "cs" | "sv" | "ko" | "zh" | "ru";

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  fr: "French",
  de: "German",
  es: "Spanish",
  pt: "Portuguese",
  it: "Italian",
  nl: "Dutch",
  ja: "Japanese",
  pl: "Polish",
  tr: "Turkish",
  cs: "Czech",
  sv: "Swedish",
  ko: "Korean",
  zh: "Chinese",
  ru: "Russian",
};

type Names = Partial<Record<Exclude<Language, "en">, string[]>>;

export const LOCALIZED_COLUMNS: readonly { target: ColumnTarget | `metric:${string}`; names: Names }[] = [
  {
    target: "date",
    names: {
      fr: ["Jour", "Semaine", "Mois"],
      de: ["Datum", "Tag", "Woche", "Monat"],
      es: ["Fecha", "Día", "Semana", "Mes"],
      pt: ["Data", "Dia", "Mês"],
      it: ["Giorno", "Settimana", "Mese"],
      nl: ["Dag", "Maand"],
      ja: ["日付", "日", "週", "月"],
      ko: ["날짜"],
      zh: ["日期"],
      ru: ["Дата"],
    },
  },
  {
    target: "metric:sessions",
    names: {
      de: ["Sitzungen"],
      es: ["Sesiones"],
      pt: ["Sessões"],
      it: ["Sessioni"],
      nl: ["Sessies"],
      ja: ["セッション", "セッション数"],
    },
  },
  {
    target: "metric:users",
    names: {
      fr: [
        "Utilisateurs actifs",
        "Utilisateurs totaux",
        "Nombre total d'utilisateurs",
        "Visiteurs de la boutique en ligne",
      ],
      de: ["Aktive Nutzer", "Nutzer insgesamt", "Besucher des Onlineshops", "Onlineshop-Besucher"],
      es: ["Usuarios activos", "Usuarios totales", "Total de usuarios", "Visitantes de la tienda online"],
      pt: ["Usuários ativos", "Total de usuários", "Utilizadores ativos", "Visitantes da loja virtual"],
      it: ["Utenti attivi", "Utenti totali", "Visitatori del negozio online"],
      nl: ["Actieve gebruikers", "Totaal aantal gebruikers", "Gebruikers", "Bezoekers van de webshop"],
      ja: ["アクティブ ユーザー", "アクティブ ユーザー数", "総ユーザー数", "ユーザー", "オンラインストアの訪問者数"],
    },
  },
  {
    target: "metric:newUsers",
    names: {
      fr: ["Nouveaux utilisateurs"],
      es: ["Usuarios nuevos"],
      pt: ["Novos usuários", "Novos utilizadores"],
      it: ["Nuovi utenti"],
      nl: ["Nieuwe gebruikers"],
      ja: ["新規ユーザー数", "新規ユーザー"],
    },
  },
  {
    target: "metric:engagedSessions",
    names: {
      fr: ["Sessions avec engagement"],
      de: ["Sitzungen mit Interaktionen"],
      es: ["Sesiones con interacción"],
      pt: ["Sessões engajadas", "Sessões com engajamento"],
      it: ["Sessioni con engagement"],
      nl: ["Sessies met betrokkenheid"],
      ja: ["エンゲージのあったセッション数"],
    },
  },
  {
    target: "metric:pageviews",
    names: {
      fr: ["Vues"],
      pt: ["Visualizações"],
      it: ["Visualizzazioni"],
      nl: ["Weergaven"],
    },
  },
  {
    target: "metric:conversions",
    names: {
      fr: ["Événements clés"],
      de: ["Schlüsselereignisse"],
      es: ["Eventos clave"],
      pt: ["Eventos principais", "Conversões"],
      it: ["Eventi chiave", "Conversioni"],
      nl: ["Belangrijke gebeurtenissen", "Conversies"],
      ja: ["キーイベント", "コンバージョン", "コンバージョン数"],
    },
  },
  {
    target: "metric:transactions",
    names: {
      fr: ["Achats e-commerce", "Commandes"],
      de: ["E-Commerce-Käufe", "Bestellungen"],
      es: ["Compras de comercio electrónico", "Pedidos"],
      pt: ["Compras de e-commerce", "Pedidos"],
      it: ["Acquisti e-commerce", "Ordini"],
      nl: ["E-commerce-aankopen", "Bestellingen"],
      ja: ["e コマース購入数", "注文", "注文数"],
    },
  },
  {
    target: "metric:revenue",
    names: {
      fr: ["Revenu total", "Revenus totaux", "Ventes totales", "Valeur de conv.", "Valeur de conversion"],
      de: ["Gesamtumsatz", "Conv.-Wert", "Conversion-Wert"],
      es: ["Ingresos totales", "Ventas totales", "Valor de conv.", "Valor de conversión"],
      pt: ["Receita total", "Vendas totais", "Valor de conv.", "Valor da conversão"],
      it: ["Entrate totali", "Vendite totali", "Valore conv.", "Valore conversione"],
      nl: ["Totale opbrengst", "Totale verkoop", "Conv.waarde", "Conversiewaarde"],
      ja: ["合計収益", "総売上高", "コンバージョン値"],
    },
  },
  {
    target: "metric:impressions",
    names: {
      pl: ["Wyświetlenia"],
      tr: ["Görüntüleme", "Gösterimler"],
      cs: ["Zobrazení"],
      sv: ["Visningar"],
      ja: ["表示回数"],
      ko: ["노출수"],
      zh: ["展示次数"],
      ru: ["Показы"],
    },
  },
  {
    target: "metric:clicks",
    names: {
      fr: ["Clics sur un lien", "Clics sur le lien"],
      pt: ["Cliques no link"],
      it: ["Clic sul link"],
      nl: ["Linkklikken"],
      pl: ["Kliknięcia"],
      tr: ["Tıklama", "Tıklamalar"],
      cs: ["Kliknutí"],
      sv: ["Klick"],
      ja: ["クリック数", "リンクのクリック"],
      ko: ["클릭수"],
      zh: ["点击次数"],
      ru: ["Клики"],
    },
  },
  {
    target: "metric:cost",
    names: {
      es: ["Coste"],
      pt: ["Custo"],
      it: ["Importo speso"],
      nl: ["Besteed bedrag"],
      ja: ["費用", "消化金額"],
    },
  },
  {
    target: "metric:position",
    names: {
      fr: ["Position moyenne"],
      es: ["Posición media"],
      it: ["Posizione media"],
      pl: ["Pozycja"],
      tr: ["Ortalama konum"],
      cs: ["Průměrná pozice"],
      sv: ["Genomsnittlig position"],
      ja: ["掲載順位", "平均掲載順位"],
      ko: ["평균 게재순위"],
      zh: ["平均排名"],
      ru: ["Позиция"],
    },
  },
  {
    target: "metric:ctr",
    names: { de: ["Klickrate"], sv: ["Klickfrekvens"], ja: ["クリック率"], ko: ["클릭률"], zh: ["点击率"] },
  },
  {
    target: "metric:cpc",
    names: {
      fr: ["CPC moy."],
      de: ["Durchschn. CPC"],
      es: ["CPC medio"],
      pt: ["CPC méd."],
      nl: ["Gem. CPC"],
      ja: ["平均クリック単価"],
    },
  },
  {
    target: "metric:engagementRate",
    names: {
      fr: ["Taux d'engagement"],
      de: ["Interaktionsrate"],
      es: ["Porcentaje de interacciones"],
      pt: ["Taxa de engajamento"],
      it: ["Tasso di coinvolgimento"],
      nl: ["Betrokkenheidspercentage"],
      ja: ["エンゲージメント率"],
    },
  },
  {
    target: "dimension:channel",
    names: {
      fr: ["Groupe de canaux par défaut de la session", "Groupe de canaux principal de la session"],
      de: ["Standard-Channelgruppe der Sitzung", "Primäre Channelgruppe der Sitzung"],
      es: ["Grupo de canales predeterminado de la sesión", "Grupo de canales principal de la sesión"],
      pt: ["Grupo padrão de canais da sessão", "Grupo principal de canais da sessão"],
      it: ["Gruppo di canali predefinito della sessione", "Gruppo di canali principale della sessione"],
      nl: ["Standaard kanaalgroep van sessie", "Primaire kanaalgroep van sessie"],
      ja: ["セッションのデフォルト チャネル グループ", "セッションのメインのチャネル グループ"],
    },
  },
  {
    target: "dimension:source",
    names: {
      fr: ["Source de la session"],
      de: ["Sitzungsquelle"],
      es: ["Fuente de la sesión"],
      pt: ["Origem da sessão"],
      it: ["Sorgente sessione"],
      nl: ["Sessiebron"],
      ja: ["セッションの参照元"],
    },
  },
  {
    target: "dimension:medium",
    names: {
      fr: ["Support de la session"],
      de: ["Sitzungsmedium"],
      es: ["Medio de la sesión"],
      pt: ["Mídia da sessão"],
      it: ["Mezzo sessione"],
      nl: ["Sessiemedium"],
      ja: ["セッションのメディア"],
    },
  },
  {
    target: "dimension:sourceMedium",
    names: {
      fr: ["Source/support de la session"],
      de: ["Sitzungsquelle/-medium"],
      es: ["Fuente/medio de la sesión"],
      pt: ["Origem/mídia da sessão"],
      it: ["Sorgente/mezzo sessione"],
      nl: ["Sessiebron/-medium"],
      ja: ["セッションの参照元 / メディア"],
    },
  },
  {
    target: "dimension:campaign",
    names: {
      fr: ["Campagne", "Campagne de la session"],
      es: ["Campaña de la sesión"],
      pt: ["Campanha", "Campanha da sessão"],
      it: ["Campagna", "Campagna sessione", "Nome campagna"],
      nl: ["Campagne", "Sessiecampagne", "Campagnenaam"],
      ja: ["キャンペーン", "キャンペーン名", "セッションのキャンペーン"],
    },
  },
  {
    target: "dimension:device",
    names: {
      fr: ["Catégorie d'appareil"],
      de: ["Gerätekategorie"],
      es: ["Categoría de dispositivo"],
      pt: ["Categoria do dispositivo"],
      it: ["Categoria dispositivo"],
      nl: ["Apparaatcategorie", "Apparaat"],
      ja: ["デバイス", "デバイス カテゴリ"],
    },
  },
  { target: "dimension:country", names: { it: ["Paese"], ja: ["国"] } },
  {
    target: "dimension:landingPage",
    names: {
      fr: ["Page de destination"],
      de: ["Landingpage"],
      es: ["Página de destino"],
      it: ["Pagina di destinazione"],
      nl: ["Bestemmingspagina"],
      ja: ["ランディング ページ"],
    },
  },
  {
    target: "dimension:page",
    names: {
      fr: ["Pages les plus populaires"],
      de: ["Top-Seiten"],
      es: ["Páginas principales"],
      pt: ["Páginas mais visitadas", "Principais páginas"],
      it: ["Pagine principali"],
      nl: ["Populairste pagina's"],
      ja: ["上位のページ"],
    },
  },
  {
    target: "dimension:query",
    names: {
      fr: ["Requêtes les plus fréquentes"],
      de: ["Häufigste Suchanfragen"],
      pt: ["Principais consultas"],
      it: ["Query più frequenti", "Query principali"],
      nl: ["Populairste zoekopdrachten"],
      pl: ["Najpopularniejsze zapytania"],
      tr: ["En popüler sorgular"],
      cs: ["Nejčastější dotazy"],
      sv: ["Vanligaste sökfrågorna"],
      ja: ["上位のクエリ"],
      ko: ["인기 검색어"],
      zh: ["热门查询"],
      ru: ["Поисковый запрос"],
    },
  },
  {
    target: "ignore",
    names: {
      fr: ["Code de la devise", "Devise", "Nombre d'événements", "Taux de conv."],
      de: ["Währungscode", "Währung", "Ereignisanzahl", "Conv.-Rate"],
      es: ["Código de moneda", "Moneda", "Recuento de eventos", "Tasa de conv."],
      pt: ["Código da moeda", "Moeda", "Contagem de eventos", "Taxa de conv."],
      it: ["Codice valuta", "Valuta", "Conteggio eventi", "Tasso di conv."],
      nl: ["Valutacode", "Valuta", "Aantal gebeurtenissen", "Conv.ratio"],
      ja: ["通貨コード", "イベント数", "コンバージョン率"],
    },
  },
];

/** Scripts whose language the header is told by its letters alone, when no name is known. */
export const SCRIPTS: readonly { pattern: RegExp; language: string }[] = [
  { pattern: /[\u3040-\u30ff]/, language: "Japanese" },
  { pattern: /[\uac00-\ud7af]/, language: "Korean" },
  { pattern: /[\u4e00-\u9fff]/, language: "Chinese" },
  { pattern: /[\u0400-\u04ff]/, language: "Russian or another Cyrillic-script language" },
  { pattern: /[\u0370-\u03ff]/, language: "Greek" },
  { pattern: /[\u0600-\u06ff]/, language: "Arabic" },
  { pattern: /[\u0590-\u05ff]/, language: "Hebrew" },
  { pattern: /[\u0e00-\u0e7f]/, language: "Thai" },
];

/**
 * Names lib/csv-import/known-columns.ts lists already that are not English, by the languages that write them: with
 * the names above they tell a header's language (English is every other name).
 */
export const LANGUAGE_WORDS: Partial<Record<Language, string[]>> = {
  fr: [
    ...["Clics", "Coût", "Jour", "Pays", "Appareil", "Utilisateurs", "Achats", "Montant dépensé", "Nom de la campagne"],
    ...["Début des rapports", "Fin des rapports", "Sexe", "Âge", "Couverture", "Répétition", "Année"],
  ],
  es: [
    ...["Fecha", "Día", "Clics", "Impresiones", "Posición", "Posición media", "Sesiones", "Usuarios"],
    ...["Nuevos usuarios", "Conversiones", "Compras", "Ingresos", "Costo", "Importe gastado", "Clics en el enlace"],
    ...["Campaña", "Nombre de la campaña", "Dispositivo", "País", "Fuente", "Medio", "Consultas principales"],
    ...["Palabra clave", "Página", "Vistas", "Alcance", "Frecuencia", "Edad", "Sexo", "Inicio del informe"],
    ...["Fin del informe", "Año", "Clientes potenciales"],
  ],
  de: [
    ...["Datum", "Tag", "Klicks", "Impressionen", "Durchschnittliche Position", "Sitzungen", "Nutzer", "Neue Nutzer"],
    ...["Aufrufe", "Käufe", "Umsatz", "Kosten", "Ausgegebener Betrag", "Link-Klicks", "Kampagnenname", "Kampagne"],
    ...["Gerät", "Land", "Quelle", "Seite", "Suchanfragen", "Reichweite", "Alter", "Geschlecht", "Berichtsbeginn"],
    ...["Berichtsende", "Jahr", "Kalenderwoche"],
  ],
  pt: [
    ...["Data", "Dia", "Cliques", "Impressões", "Posição", "Sessões", "Usuários", "Valor usado", "Nome da campanha"],
    ...["Ano", "Início dos relatórios", "Término dos relatórios", "Dispositivo", "País", "Alcance"],
  ],
  it: [
    "Data",
    "Giorno",
    "Clic",
    "Impressioni",
    "Posizione",
    "Sessioni",
    "Utenti",
    "Anno",
    "Inizio report",
    "Fine report",
  ],
  nl: ["Datum", "Dag", "Klikken", "Vertoningen", "Positie", "Kosten", "Land", "Jaar"],
  pl: ["Kliknięcia", "Wyświetlenia", "Pozycja"],
  tr: ["Tarih", "Tıklamalar", "Gösterimler"],
  sv: ["Datum", "Klick", "Visningar", "Placering", "Land"],
};
