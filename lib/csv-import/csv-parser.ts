/**
 * A streaming RFC 4180 CSV parser: feed it text chunks of any size (a record, a quoted field or a
 * CRLF may be split across chunks) and it calls `onRecord` once per record with the physical line
 * the record starts on, so errors can name it. Only the record being read is held in memory.
 *
 * - Fields are separated by commas, or by semicolons or tabs when the first line that has any of the three uses
 *   that one most (spreadsheets in many European locales save "CSV" with semicolons and decimal commas; a
 *   copy-paste keeps tabs). A field in double quotes may hold separators, line breaks and doubled quotes (`""` is
 *   one `"`).
 * - Lines end with CRLF, LF or CR (inside a quoted field, line numbers count LFs). Blank lines
 *   are skipped.
 * - A line whose first character is `#` is a comment (analytics exports open with such lines), unless `comments`
 *   is off (Shopify's orders export, whose order names start with `#`); a `#` anywhere else is data.
 * - A leading byte order mark is dropped.
 */

const COMMA = 44;
const SEMICOLON = 59;
const TAB = 9;
const SEPARATOR_NAMES: Record<number, string> = { [COMMA]: "a comma", [SEMICOLON]: "a semicolon", [TAB]: "a tab" };
const QUOTE = 34;
const LF = 10;
const CR = 13;
const HASH = 35;

const enum State {
  LineStart,
  Comment,
  FieldStart,
  Unquoted,
  Quoted,
  QuoteInQuoted,
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

export type RecordHandler = (fields: string[], line: number) => void;

export type Separator = "," | ";" | "\t";

export interface CsvParserOptions {
  /** The column separator, when the caller knows it (`sniffSeparator`); otherwise the first line that has one tells. */
  separator?: Separator;
  /** A `#` line (GA4's and UA's preambles, GA4's section titles), without its `#`. */
  onComment?: (text: string, line: number) => void;
  /** An empty line (sections of GA4 and UA exports are apart by one). */
  onBlank?: (line: number) => void;
  /** Whether a `#` line is a comment (the default) or a record like any other. */
  comments?: boolean;
}

export class CsvParser {
  private state = State.LineStart;
  private fields: string[] = [];
  private field = "";
  /** The physical line being read (1-based). */
  private line = 1;
  private recordLine = 1;
  /** A CR just ended a line: a LF right after it belongs to the same line break. */
  private skipLf = false;
  private started = false;
  /** The column separator; 0 until a line shows one (the lines before it hold a single field). */
  private separator = 0;
  private comment = "";
  private readonly onComment?: (text: string, line: number) => void;
  private readonly onBlank?: (line: number) => void;
  /** The code of the character that starts a comment line, or -1 when none does. */
  private readonly hash: number;

  constructor(
    private readonly onRecord: RecordHandler,
    options: CsvParserOptions = {},
  ) {
    if (options.separator) this.separator = options.separator.charCodeAt(0);
    this.onComment = options.onComment;
    this.onBlank = options.onBlank;
    this.hash = options.comments === false ? -1 : HASH;
  }

  /** Characters of the field being read, and fields of the record being read: callers cap them. */
  get fieldLength(): number {
    return this.field.length;
  }
  get pendingFields(): number {
    return this.fields.length;
  }

  /** The column separator the file uses (a comma until a line has shown one). */
  get separatorChar(): "," | ";" | "\t" {
    return this.separator === SEMICOLON ? ";" : this.separator === TAB ? "\t" : ",";
  }

  /** Lines read so far (for messages about the end of the file). */
  get currentLine(): number {
    return this.line;
  }

  /** Whether the text written so far ends with a complete record (the next byte starts a line). */
  get atRecordStart(): boolean {
    return this.state === State.LineStart && !this.skipLf;
  }

  /**
   * Counts lines that a reader took past this parser (`upload/byte-rows.ts` reads plain lines itself); only at a
   * record's start, so no record is split between the two.
   */
  skipLines(count: number): void {
    if (!this.atRecordStart) throw new Error("lines skipped in the middle of a record");
    this.line += count;
    if (count > 0) this.started = true;
  }

  write(text: string): void {
    let i = 0;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) i = 1;
    }
    const n = text.length;
    while (i < n) {
      // Fast path: a whole line in this chunk, with no quote and no lone CR, at a record's start:
      // native indexOf and split instead of a character loop (most lines of an export).
      if (this.state === State.LineStart && !this.skipLf) {
        const nl = text.indexOf("\n", i);
        if (nl !== -1) {
          const end = nl > i && text.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
          const line = text.slice(i, end);
          if (line.indexOf('"') === -1 && line.indexOf("\r") === -1) {
            if (line.length > 0 && line.charCodeAt(0) !== this.hash) {
              this.recordLine = this.line;
              if (this.separator === 0) this.separator = mostUsedSeparator(line);
              this.onRecord(this.separator === 0 ? [line] : line.split(String.fromCharCode(this.separator)), this.line);
            } else if (line.length === 0) {
              this.onBlank?.(this.line);
            } else {
              this.onComment?.(line.slice(1), this.line);
            }
            this.line++;
            i = nl + 1;
            continue;
          }
        }
      }
      switch (this.state) {
        case State.LineStart: {
          const c = text.charCodeAt(i);
          if (this.skipLf) {
            this.skipLf = false;
            if (c === LF) {
              i++;
              continue;
            }
          }
          if (c === LF || c === CR) {
            // A blank line.
            this.onBlank?.(this.line);
            this.line++;
            this.skipLf = c === CR;
            i++;
          } else if (c === this.hash) {
            this.state = State.Comment;
            this.comment = "";
            i++;
          } else {
            this.recordLine = this.line;
            this.state = State.FieldStart;
          }
          break;
        }
        case State.Comment: {
          let j = i;
          while (j < n) {
            const c = text.charCodeAt(j);
            if (c === LF || c === CR) break;
            j++;
          }
          if (this.onComment) this.comment += text.slice(i, j);
          if (j < n) {
            this.onComment?.(this.comment, this.line);
            this.comment = "";
            this.line++;
            this.skipLf = text.charCodeAt(j) === CR;
            this.state = State.LineStart;
            i = j + 1;
          } else {
            i = n;
          }
          break;
        }
        case State.FieldStart: {
          if (text.charCodeAt(i) === QUOTE) {
            this.state = State.Quoted;
            i++;
          } else {
            this.state = State.Unquoted;
          }
          break;
        }
        case State.Unquoted: {
          let j = i;
          let c = 0;
          while (j < n) {
            c = text.charCodeAt(j);
            if (c === LF || c === CR || this.isSeparator(c)) break;
            j++;
          }
          // A stray quote inside an unquoted field is kept as data (lenient, as spreadsheets are).
          this.field += text.slice(i, j);
          if (j === n) {
            i = n;
            break;
          }
          this.endField();
          if (c === this.separator) {
            this.state = State.FieldStart;
          } else {
            this.endRecord(c === CR);
          }
          i = j + 1;
          break;
        }
        case State.Quoted: {
          const q = text.indexOf('"', i);
          const end = q === -1 ? n : q;
          const chunk = text.slice(i, end);
          this.field += chunk;
          this.line += countLineBreaks(chunk);
          if (q === -1) {
            i = n;
          } else {
            this.state = State.QuoteInQuoted;
            i = q + 1;
          }
          break;
        }
        case State.QuoteInQuoted: {
          const c = text.charCodeAt(i);
          if (c === QUOTE) {
            this.field += '"';
            this.state = State.Quoted;
          } else if (this.isSeparator(c)) {
            this.endField();
            this.state = State.FieldStart;
          } else if (c === LF || c === CR) {
            this.endField();
            this.endRecord(c === CR);
          } else {
            const separator = SEPARATOR_NAMES[this.separator || COMMA];
            throw new CsvSyntaxError(
              this.line,
              `a closing quote must be followed by ${separator} or the end of the line`,
            );
          }
          i++;
          break;
        }
      }
    }
  }

  /** The input is complete: emits a last record that has no line break after it. */
  end(): void {
    switch (this.state) {
      case State.Quoted:
        throw new CsvSyntaxError(this.recordLine, "a quoted field is not closed before the end of the file");
      case State.Comment:
        this.onComment?.(this.comment, this.line);
        this.comment = "";
        this.state = State.LineStart;
        break;
      case State.FieldStart:
      case State.Unquoted:
      case State.QuoteInQuoted:
        this.endField();
        this.onRecord(this.fields, this.recordLine);
        this.fields = [];
        this.state = State.LineStart;
        break;
      default:
        break;
    }
  }

  /** Whether `c` separates fields; before the file has shown its separator, the first one met is taken. */
  private isSeparator(c: number): boolean {
    if (this.separator !== 0) return c === this.separator;
    if (c !== COMMA && c !== SEMICOLON && c !== TAB) return false;
    this.separator = c;
    return true;
  }

  private endField(): void {
    this.fields.push(this.field);
    this.field = "";
  }

  private endRecord(endedByCr: boolean): void {
    const fields = this.fields;
    this.fields = [];
    this.line++;
    this.skipLf = endedByCr;
    this.state = State.LineStart;
    this.onRecord(fields, this.recordLine);
  }
}

/** Line breaks inside a quoted field, counted by their LF (a CRLF split across chunks counts once). */
function countLineBreaks(s: string): number {
  let count = 0;
  for (let k = s.indexOf("\n"); k !== -1; k = s.indexOf("\n", k + 1)) count++;
  return count;
}

/** The separator a line without quotes uses most (a comma on a tie); 0 when it has none. */
function mostUsedSeparator(line: string): number {
  let commas = 0;
  let semicolons = 0;
  let tabs = 0;
  for (let k = 0; k < line.length; k++) {
    const c = line.charCodeAt(k);
    if (c === COMMA) commas++;
    else if (c === SEMICOLON) semicolons++;
    else if (c === TAB) tabs++;
  }
  if (commas === 0 && semicolons === 0 && tabs === 0) return 0;
  if (commas >= semicolons && commas >= tabs) return COMMA;
  return semicolons >= tabs ? SEMICOLON : TAB;
}
