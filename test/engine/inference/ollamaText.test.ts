/** Ollama failures during an answer, said in the user's language, with no command for a window user to run. */
import { describe, expect, it } from "vitest";
import { OllamaError, toOllamaError } from "../../../src/engine/inference/ollamaErrors";
import { ollamaErrorText } from "../../../src/engine/inference/ollamaText";

const context = { baseUrl: "http://127.0.0.1:11434", model: "qwen2.5:3b" };

describe("Ollama failures in words", () => {
  it("says each kind of failure in English and Spanish, naming the address and model, never a command", () => {
    const failures = [
      toOllamaError(Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } }), context),
      toOllamaError(Object.assign(new Error('model "qwen2.5:3b" not found, try pulling it first'), { status_code: 404 }), context),
      toOllamaError(new Error("registry.ollama.ai/library/gemma does not support tools"), context),
      toOllamaError(new Error("did not receive done or success response in stream"), context),
      new OllamaError("no answer", "timeout", context),
      toOllamaError(new Error("boom"), context),
    ];
    const english = failures.map((e) => ollamaErrorText("en", e));
    const spanish = failures.map((e) => ollamaErrorText("es", e));
    expect(english[0]).toBe("Ollama is not running at http://127.0.0.1:11434. Start Ollama on this computer (open the Ollama app), then try again.");
    expect(spanish[0]).toBe("Ollama no está funcionando en http://127.0.0.1:11434. Inicie Ollama en esta computadora (abra la aplicación Ollama) e inténtelo de nuevo.");
    expect(english[1]).toContain("“qwen2.5:3b” is not in Ollama yet");
    expect(spanish[1]).toContain("«qwen2.5:3b» todavía no está en Ollama");
    for (const text of [...english, ...spanish]) {
      expect(text).toMatch(/\S/);
      expect(text).not.toMatch(/ollama (serve|pull)|`/);
    }
    // The English message for logs and the command line keeps its commands.
    expect((failures[0] as Error).message).toContain("ollama serve");
  });

  it("leaves other errors to the caller", () => {
    expect(ollamaErrorText("en", new Error("disk full"))).toBeNull();
    expect(ollamaErrorText("en", new OllamaError("no place known", "other"))).toBeNull();
  });
});
