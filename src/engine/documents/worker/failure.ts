/**
 * How worker code says a file cannot be read: the code and params travel back to the engine,
 * which turns them into a DocumentError with the user's sentence.
 */
import type { DocumentErrorCode, DocumentErrorParams } from "../errors";

export class Failure extends Error {
  constructor(
    readonly code: DocumentErrorCode,
    readonly params: DocumentErrorParams = {},
    detail?: string,
  ) {
    super(detail ?? code);
  }
}
