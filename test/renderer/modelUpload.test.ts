/**
 * The browser's model upload, without a browser: the request it sends (token as a header, the file as the
 * body), progress, the host's plain error passed on, cancel, the GGUF pre-check, and which progress steps
 * are announced (quarters, not every tick). The next step offered for each kind of failure is here too.
 */
import { describe, expect, it } from "vitest";
import { nextStepFor, uploadFallbackKey } from "../../src/renderer/lib/modelFiles";
import { announceStep, looksLikeGguf, uploadModel, UploadError } from "../../src/renderer/lib/modelUpload";

/** A stand-in XMLHttpRequest that records what was sent and answers as the test says. */
function fakeRequest(answer: (xhr: FakeXhr) => void) {
  const made: FakeXhr[] = [];
  const make = () => {
    const xhr = new FakeXhr(answer);
    made.push(xhr);
    return xhr as unknown as XMLHttpRequest;
  };
  return { make, made };
}

class FakeXhr {
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = "";
  aborted = false;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor(private readonly answer: (xhr: FakeXhr) => void) {}
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    this.answer(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  reply(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const gguf = new File([new Uint8Array([0x47, 0x47, 0x55, 0x46, 3, 0, 0, 0])], "my model.gguf");
const model = { file: "my model.gguf", sizeBytes: 8, architecture: "llama", parameters: "1M" };

describe("uploading a model file from the browser", () => {
  it("posts the file itself with the token as a header, reports progress, and returns the model", async () => {
    const seen: Array<[number, number]> = [];
    const { make, made } = fakeRequest((xhr) => {
      xhr.upload.onprogress?.({ loaded: 4, total: 8, lengthComputable: true });
      xhr.reply(201, { model });
    });
    await expect(uploadModel(gguf, { token: "t0k", onProgress: (s, t) => seen.push([s, t]), makeRequest: make })).resolves.toEqual(model);
    expect(made[0]!.method).toBe("POST");
    expect(made[0]!.url).toBe("/models/upload?name=my%20model.gguf");
    expect(made[0]!.headers.Authorization).toBe("Bearer t0k");
    expect(made[0]!.url).not.toContain("t0k");
    expect(made[0]!.body).toBe(gguf);
    expect(seen).toEqual([[4, 8]]);
  });

  it("passes on the host's plain error with its code, and tells a lost connection and a cancel apart", async () => {
    const refused = fakeRequest((xhr) => xhr.reply(400, { error: { code: "invalid_input", message: "“my model.gguf” is not a model file Carefold can use." } }));
    const err = await uploadModel(gguf, { token: "t", onProgress: () => undefined, makeRequest: refused.make }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UploadError);
    expect(err).toMatchObject({ code: "invalid_input", message: "“my model.gguf” is not a model file Carefold can use." });

    const lost = fakeRequest((xhr) => xhr.onerror?.());
    await expect(uploadModel(gguf, { token: "t", onProgress: () => undefined, makeRequest: lost.make })).rejects.toMatchObject({ code: "network" });

    const controller = new AbortController();
    const slow = fakeRequest(() => undefined);
    const pending = uploadModel(gguf, { token: "t", onProgress: () => undefined, signal: controller.signal, makeRequest: slow.make });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: "cancelled" });
    expect(slow.made[0]!.aborted).toBe(true);
  });

  it("checks the file starts like a GGUF model before sending it", async () => {
    expect(await looksLikeGguf(gguf)).toBe(true);
    expect(await looksLikeGguf(new File(["Dear insurer"], "letter.gguf"))).toBe(false);
    expect(await looksLikeGguf(new File(["GG"], "short.gguf"))).toBe(false);
  });

  it("announces each quarter once, never every tick, and not the end (the result is announced instead)", () => {
    let last = 0;
    const said: number[] = [];
    for (let sent = 0; sent <= 1000; sent += 7) {
      const step = announceStep(last, sent, 1000);
      if (step !== null) {
        said.push(step);
        last = step;
      }
    }
    expect(said).toEqual([25, 50, 75]);
    expect(announceStep(0, 10, 0)).toBeNull();
  });
});

describe("the next step after a failure", () => {
  it("offers another file for a file Carefold cannot use, a retry for a passing problem, and nothing for a cancel", () => {
    expect(nextStepFor("invalid_input")).toBe("chooseAnother");
    expect(nextStepFor("conflict")).toBe("chooseAnother");
    expect(nextStepFor("network")).toBe("tryAgain");
    expect(nextStepFor("quota_exceeded")).toBe("tryAgain");
    expect(nextStepFor("rate_limited")).toBe("tryAgain");
    expect(nextStepFor("cancelled")).toBeNull();
    expect(nextStepFor("unauthorized")).toBeNull();
    expect(uploadFallbackKey("unauthorized")).toBe("models.upload.expired");
    expect(uploadFallbackKey("network")).toBe("models.upload.network");
  });
});
