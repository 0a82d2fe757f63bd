/** A name the model gave, quoted back short: a huge argument is not paid for twice in the context. */
export function echo(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
