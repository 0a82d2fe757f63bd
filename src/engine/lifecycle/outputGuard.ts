/** The contract between streamed model text and the user: only guarded text is ever emitted. */
export interface OutputGuard {
  /** Feed a chunk; returns the text that is safe to show now (possibly empty). */
  push(chunk: string): string;
  /** End of stream; returns the remaining safe text. */
  end(): string;
  /** Set once unsafe text was withheld; the answer must then be replaced by `message`. */
  readonly blocked: { message: string | null; rule: string | null; category: string | null } | null;
}

export type OutputGuardFactory = (language: "en" | "es") => OutputGuard;
