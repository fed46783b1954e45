import fc from "fast-check";

// Field names the API's schemas use, so random bodies reach the checks past "unknown shape".
const FIELD_NAMES = [
  "name",
  "email",
  "emails",
  "password",
  "confirmPassword",
  "currentPassword",
  "firstName",
  "lastName",
  "phone",
  "agencyName",
  "website",
  "acceptTerms",
  "token",
  "recaptcha",
  "permission",
  "permissions",
  "clientId",
  "role",
  "status",
  "url",
  "siteType",
  "currency",
  "timeZone",
  "periodStart",
  "periodEnd",
  "compareTo",
  "title",
  "tagId",
  "insightId",
  "insightIds",
  "tags",
  "chartColor",
  "palette",
  "font",
  "reportTitle",
  "footerText",
  "removeLogo",
  "kind",
  "sourceName",
  "settings",
  "query",
  "q",
  "page",
  "limit",
  "clients",
  "projects",
  "templateId",
  "note",
  // Schedules, deliveries, share links, CSV mapping, Dropbox and billing.
  "delivery",
  "frequency",
  "weekday",
  "monthDay",
  "month",
  "timeOfDay",
  "recipients",
  "subject",
  "message",
  "format",
  "selection",
  "reportId",
  "folder",
  "isActive",
  "expiresInDays",
  "mapping",
  "columns",
  "dateOrder",
  "dataSourceId",
  "tier",
  "code",
  "state",
  "scope",
];

/** Strings a careless or hostile client sends: control characters, lone surrogates, huge, SQL, markup. */
export const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\uD800",
    "x\uDFFF",
    "\uDBFF\uD800",
    "😀",
    "' or 1=1 --",
    "<script>alert(1)</script>",
    "%ZZ",
    "../../etc/passwd",
    "null",
    "true",
    "1",
    "-1",
    "1e309",
    "NaN",
    "2024-02-30",
    "00000000-0000-0000-0000-000000000000",
    "a".repeat(300),
    "a@b.co",
    "Secret1!",
  ),
);

const scalar = fc.oneof(
  nastyString,
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.bigInt().map(String),
);

/** JSON values of any shape, biased towards objects with the API's field names. */
export const jsonBody: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, scalar, tie("array"), tie("object"), tie("object")),
  array: fc.array(tie("value"), { maxLength: 4 }),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), nastyString), tie("value"), { maxKeys: 6 }),
})).value;

const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 60,
});

export const contentType = fc.constantFrom(
  undefined,
  "application/json",
  "application/json; charset=utf-16",
  "application/merge-patch+json",
  "text/plain",
  "multipart/form-data",
  "multipart/form-data; boundary=xyz",
  "application/x-www-form-urlencoded",
  "image/svg+xml",
);

export type Body =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "raw"; text: string }
  | {
      kind: "form";
      fields: [string, string][];
      file?: { field: string; name: string; type: string; bytes: Uint8Array };
    };

const fileBytes = fc.oneof(
  fc.uint8Array({ maxLength: 200 }),
  fc
    .constantFrom(
      "date,sessions\n,5\n",
      "date,sessions\n2024-01-01,abc\n",
      "date,sessions,sessions\n",
      '"unclosed,quote\n',
      "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>",
      "<svg",
      "PK\u0003\u0004",
      "date,channel,sessions\n2024-01-01,\u0000,1\n",
    )
    .map((s) => new TextEncoder().encode(s)),
);

export const body: fc.Arbitrary<Body> = fc.oneof(
  fc.record({
    kind: fc.constant("form" as const),
    fields: fc.constant<[string, string][]>([]),
    file: fc.record({
      field: fc.constantFrom("file", "logo"),
      name: fc.constantFrom("export.csv", "logo.svg", "logo.png"),
      type: fc.constantFrom("text/csv", "image/svg+xml", "image/png"),
      bytes: fileBytes,
    }),
  }),
  fc.constant({ kind: "none" as const }),
  jsonBody.map((value) => ({ kind: "json" as const, value })),
  fc
    .oneof(fc.string(), fc.constantFrom("{", '{"a":', "[1,2", '{"email":"\\ud800"}', "\u0000", "nul\\u0000"))
    .map((text) => ({ kind: "raw" as const, text })),
  fc.record({
    kind: fc.constant("form" as const),
    fields: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES), nastyString), nastyString), { maxLength: 4 }),
    file: fc.option(
      fc.record({
        field: fc.constantFrom("file", "file", "logo", "logo", "other"),
        name: fc.oneof(
          fc.constantFrom("export.csv", "logo.svg", "logo.png", "x.exe", "\u0000.csv", "\uD800.csv", ""),
          nastyString,
        ),
        type: fc.constantFrom("text/csv", "image/svg+xml", "image/png", "application/octet-stream", ""),
        bytes: fileBytes,
      }),
      { nil: undefined },
    ),
  }),
);

export const extraHeaders = fc.dictionary(
  fc.constantFrom("authorization", "cookie", "x-transaction-id", "accept", "x-forwarded-for", "range", "if-none-match"),
  fc.oneof(headerText, fc.constantFrom("Bearer ", "Bearer a.b.c", "Basic Zm9vOmJhcg==", "next-auth.session-token=x")),
  { maxKeys: 2 },
);

export const query = fc.array(
  fc.tuple(
    fc.constantFrom("page", "limit", "q", "query", "sort", "status", "insightId", "tags", "from", "to", "download"),
    nastyString,
  ),
  { maxLength: 3 },
);

export { headerText };
