/** Model file and download problems said for a person, in the user's language, from the validator's kinds. */
import { describe, expect, it } from "vitest";
import { InvalidModelFileError } from "../../../src/engine/inference/ggufValidation";
import { ModelDownloadError } from "../../../src/engine/inference/modelDownload";
import { downloadFailureText, modelFileText, roughSize } from "../../../src/engine/inference/modelFileText";

describe("model file problems", () => {
  it("names the file, not the folder it came from, and keeps a path the user typed when it was not found", () => {
    expect(modelFileText("en", new InvalidModelFileError("/media/usb/letter.gguf is not a GGUF model file.", "not-gguf"), "/media/usb/letter.gguf")).toBe(
      "“letter.gguf” is not a model file Carefold can use. Carefold needs a GGUF model file (its name ends in .gguf).",
    );
    expect(modelFileText("es", new InvalidModelFileError("Cannot read /media/usb/x.gguf: ENOENT.", "not-found"), "/media/usb/x.gguf")).toBe(
      "Carefold no encontró ningún archivo en «/media/usb/x.gguf». Revise cómo está escrito, o elija el archivo.",
    );
    expect(modelFileText("en", new Error("other"), "x.gguf")).toBeNull();
  });

  it("every kind has words in both languages", () => {
    const kinds = ["not-gguf", "damaged", "version", "split", "truncated", "not-file", "not-found", "unreadable", "bad-name", "incomplete", "checksum"] as const;
    for (const kind of kinds) {
      for (const language of ["en", "es"] as const) {
        const text = modelFileText(language, new InvalidModelFileError("x", kind), "model.gguf");
        expect(text, `${kind} ${language}`).toMatch(/model\.gguf|\.gguf/);
        expect(text).not.toMatch(/`|ENOENT/);
      }
    }
  });

  it("says a failed download plainly, without the command line's instructions", () => {
    const offline = new ModelDownloadError("Could not reach huggingface.co … run `carefold models import <file>`", { problem: "unreachable", host: "huggingface.co" });
    expect(downloadFailureText("en", offline, "m.gguf")).toBe("Could not reach huggingface.co: this computer may be offline.");
    expect(downloadFailureText("es", offline, "m.gguf")).toBe("No se pudo conectar con huggingface.co: puede que esta computadora no tenga internet.");
    const full = new ModelDownloadError("Not enough disk space", { problem: "no-space", neededBytes: 2.5e9 });
    expect(downloadFailureText("en", full, "m.gguf")).toBe("There is not enough free disk space: the model needs 2.5 GB.");
    expect(downloadFailureText("es", full, "m.gguf")).toBe("No hay suficiente espacio libre en el disco: el modelo necesita 2,5 GB.");
    expect(downloadFailureText("en", new InvalidModelFileError("checksum", "checksum"), "m.gguf")).toBe("“m.gguf” is not the file Carefold expected. Download it again.");
  });

  it("sizes in GB or MB", () => {
    expect(roughSize(64 * 1024 ** 3, "en")).toBe("69 GB");
    expect(roughSize(3_500_000, "en")).toBe("4 MB");
  });
});
