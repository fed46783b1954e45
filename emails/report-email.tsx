// The report email, written with react-email's components: they emit the table layouts and inline
// styles that Outlook, Gmail and Apple Mail all draw the same, which hand-written HTML rarely does.
import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from "@react-email/components";
import { render } from "@react-email/render";
import {
  changeText,
  figureLabels,
  findingFigures,
  linkAction,
  linkNote,
  MORE_FINDINGS_HEADING,
  reportEmailPeriod,
  reportEmailPreview,
  reportEmailText,
  type ReportEmailFinding,
  type ReportEmailModel,
} from "./report-email-model";
import { alsoCheckedLine } from "../lib/insights/report-document";

const muted = "#4b5563";
const border = "#e5e7eb";

function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Column style={{ paddingRight: 16, verticalAlign: "top" }}>
      <Text style={{ margin: 0, fontSize: 12, color: muted }}>{label}</Text>
      <Text style={{ margin: 0, fontSize: 18, fontWeight: 700, color: color ?? "#111827" }}>{value}</Text>
    </Column>
  );
}

function Finding({ finding, currency, accent }: { finding: ReportEmailFinding; currency: string; accent: string }) {
  const n = findingFigures(finding, currency);
  const label = figureLabels(finding.kind);
  return (
    <Section style={{ borderLeft: `4px solid ${accent}`, padding: "8px 0 8px 12px", margin: "0 0 16px" }}>
      <Text style={{ margin: 0, fontSize: 12, color: muted, textTransform: "uppercase" }}>
        {finding.stage} · {finding.title}
      </Text>
      <Text style={{ margin: "2px 0 8px", fontSize: 16, fontWeight: 600, color: "#111827" }}>
        {finding.headline ?? finding.title}
      </Text>
      {finding.subject ? (
        <Text style={{ margin: "0 0 8px", fontSize: 13, color: muted }}>{finding.subject}</Text>
      ) : null}
      <Row>
        <Figure label={label.current} value={n.current} color={accent} />
        <Figure label={label.previous} value={n.previous} />
        <Figure label="Change" value={changeText(n)} />
      </Row>
      {finding.kpiEffect ? (
        <Text style={{ margin: "8px 0 0", fontSize: 13, color: "#111827" }}>Effect on KPI: {finding.kpiEffect}</Text>
      ) : null}
      {finding.next ? (
        <Text style={{ margin: "8px 0 0", fontSize: 14, color: "#111827" }}>
          <strong>Next step:</strong> {finding.next}
        </Text>
      ) : null}
    </Section>
  );
}

export function ReportEmail({ model }: { model: ReportEmailModel }) {
  const { brand } = model;
  const accent = brand.chartColor;
  return (
    <Html lang="en">
      <Head />
      <Preview>{reportEmailPreview(model)}</Preview>
      <Body style={{ backgroundColor: "#f3f4f6", fontFamily: brand.font, margin: 0, padding: "24px 0" }}>
        <Container style={{ backgroundColor: "#ffffff", maxWidth: 600, borderRadius: 8, overflow: "hidden" }}>
          <Section style={{ backgroundColor: accent, padding: "20px 24px" }}>
            {brand.logoUrl ? (
              <Img src={brand.logoUrl} alt={brand.agencyName} height={40} style={{ marginBottom: 12 }} />
            ) : (
              <Text style={{ margin: "0 0 8px", color: "#ffffff", fontWeight: 700 }}>{brand.agencyName}</Text>
            )}
            <Heading as="h1" style={{ margin: 0, color: "#ffffff", fontSize: 22 }}>
              {brand.reportTitle}
            </Heading>
            <Text style={{ margin: "4px 0 0", color: "#ffffff", fontSize: 14 }}>
              {model.clientName} – {model.projectName} · {reportEmailPeriod(model)}
            </Text>
          </Section>
          <Section style={{ padding: "20px 24px 0" }}>
            {model.message ? (
              <Text style={{ fontSize: 15, color: "#111827", whiteSpace: "pre-line" }}>{model.message}</Text>
            ) : null}
            {model.figures?.length ? (
              <>
                <Heading as="h2" style={{ fontSize: 17, color: "#111827", margin: "8px 0 8px" }}>
                  Key figures
                </Heading>
                {model.figures.map((f) => (
                  <Text key={f.label} style={{ margin: "0 0 6px", fontSize: 14, color: "#111827" }}>
                    <strong>
                      {f.label}: {f.value}
                    </strong>{" "}
                    <span style={{ color: muted }}>{f.change}</span>
                    {f.note ? <span style={{ color: muted }}> · {f.note}</span> : null}
                  </Text>
                ))}
              </>
            ) : null}
            {model.findings.length === 0 ? (
              <Text style={{ fontSize: 15, color: muted }}>No significant findings this period.</Text>
            ) : (
              <>
                <Heading as="h2" style={{ fontSize: 17, color: "#111827", margin: "8px 0 16px" }}>
                  Top findings ({model.findings.length} of {model.totalFindings})
                </Heading>
                {model.findings.map((f, i) => (
                  <Finding key={i} finding={f} currency={model.currency} accent={accent} />
                ))}
              </>
            )}
            {model.moreFindings?.length ? (
              <>
                <Heading as="h2" style={{ fontSize: 15, color: "#111827", margin: "8px 0 8px" }}>
                  {MORE_FINDINGS_HEADING}
                </Heading>
                <ul style={{ margin: "0 0 16px", paddingLeft: 20, fontSize: 14, color: "#111827" }}>
                  {model.moreFindings.map((line, i) => (
                    <li key={i} style={{ marginBottom: 4 }}>
                      {line}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {alsoCheckedLine(model.alsoChecked ?? []) ? (
              <Text style={{ fontSize: 14, color: muted }}>{alsoCheckedLine(model.alsoChecked ?? [])}</Text>
            ) : null}
            {model.attachmentName ? (
              <Text style={{ fontSize: 14, color: muted }}>The full report is attached: {model.attachmentName}</Text>
            ) : null}
            <Button
              href={model.reportUrl}
              style={{
                backgroundColor: accent,
                color: "#ffffff",
                padding: "12px 20px",
                borderRadius: 6,
                fontWeight: 600,
                textDecoration: "none",
              }}
            >
              {linkAction(model)}
            </Button>
            <Text style={{ fontSize: 13, color: muted }}>
              {linkNote(model)} Or open this link: <Link href={model.reportUrl}>{model.reportUrl}</Link>
            </Text>
          </Section>
          <Hr style={{ borderColor: border, margin: "16px 0 0" }} />
          <Section style={{ padding: "12px 24px 20px" }}>
            {brand.footerText ? (
              <Text style={{ margin: 0, fontSize: 12, color: muted }}>{brand.footerText}</Text>
            ) : null}
            <Text style={{ margin: 0, fontSize: 12, color: muted }}>Sent by {brand.agencyName}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export interface RenderedReportEmail {
  html: string;
  text: string;
}

/** Both parts of the email from one model. */
export async function renderReportEmail(model: ReportEmailModel): Promise<RenderedReportEmail> {
  const html = await render(<ReportEmail model={model} />);
  return { html, text: reportEmailText(model) };
}
