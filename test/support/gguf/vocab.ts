/**
 * A SentencePiece-style ("llama" tokenizer) vocabulary for generated test models: control tokens incl. the
 * ChatML specials, 256 byte-fallback tokens, `▁` plus printable ASCII, and a few words. Every prefix of a
 * word is a token too, so the bigram merger can reach the whole word.
 */

export const TOKEN_TYPE = { normal: 1, unknown: 2, control: 3, userDefined: 4, unused: 5, byte: 6 } as const;

export interface Vocabulary {
  tokens: string[];
  scores: number[];
  types: number[];
  bosId: number;
  eosId: number;
  unknownId: number;
  imStartId: number;
  imEndId: number;
}

const SPACE = "\u2581";

export const WORDS = [
  "the", "and", "you", "to", "of", "in", "for", "is", "it", "with", "your", "this", "that", "can", "about",
  "doctor", "visit", "question", "questions", "insurance", "symptom", "symptoms", "record", "records", "note",
  "notes", "prepare", "help", "hello", "Hello", "appointment", "medication", "list", "bill", "claim",
  "user", "system", "assistant", "name", "params", "call", "result", "read", "file", "path", "skill", "SKILL",
  "function", "functions", "tool", "tools", "answer", "weather", "city", "Paris", "Tokyo", "Lima", "unit",
  "celsius", "fahrenheit", "get", "md",
];

/**
 * @param size Pads the vocabulary with filler tokens up to this many entries (e.g. 128256 for Llama-3.2-like
 *   output-layer cost in benchmarks). The natural size is ~560.
 */
export function buildVocabulary(size?: number): Vocabulary {
  const tokens: string[] = [];
  const scores: number[] = [];
  const types: number[] = [];
  const seen = new Set<string>();
  const add = (text: string, type: number, score = 0) => {
    if (seen.has(text)) return;
    seen.add(text);
    tokens.push(text);
    scores.push(score);
    types.push(type);
  };

  add("<unk>", TOKEN_TYPE.unknown);
  add("<s>", TOKEN_TYPE.control);
  add("</s>", TOKEN_TYPE.control);
  add("<|im_start|>", TOKEN_TYPE.control);
  add("<|im_end|>", TOKEN_TYPE.control);
  for (let b = 0; b < 256; b++) add(`<0x${b.toString(16).toUpperCase().padStart(2, "0")}>`, TOKEN_TYPE.byte);
  add(SPACE, TOKEN_TYPE.normal, -1);
  for (let c = 0x21; c <= 0x7e; c++) add(String.fromCharCode(c), TOKEN_TYPE.normal, -1);
  add("\n", TOKEN_TYPE.normal, -1);

  // Words with and without the leading-space marker; longer pieces score higher so merges prefer them.
  for (const word of WORDS) {
    for (const form of [SPACE + word, word]) {
      for (let end = 2; end <= form.length; end++) add(form.slice(0, end), TOKEN_TYPE.normal, end);
    }
  }

  if (size !== undefined) {
    if (size < tokens.length) throw new Error(`vocabulary size ${size} is below the ${tokens.length} base tokens`);
    for (let i = 0; tokens.length < size; i++) add(`${SPACE}w${i}`, TOKEN_TYPE.normal, -10);
  }

  return {
    tokens,
    scores,
    types,
    bosId: 1,
    eosId: 4,
    unknownId: 0,
    imStartId: 3,
    imEndId: 4,
  };
}

/** A plain ChatML template, the format Qwen-style instruct models use. */
export const CHATML_TEMPLATE =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}" +
  "{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";
