/** A model server off this computer is an explicit choice (issue 17): which hosts count as this computer. */
import { describe, expect, it } from "vitest";
import { isLoopbackHost, remoteModelHost } from "../../src/shared/modelHosts";

describe("model hosts", () => {
  it("counts only loopback as this computer", () => {
    for (const h of ["localhost", "app.localhost", "127.0.0.1", "127.8.9.10", "::1", "[::1]"]) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ["192.168.1.20", "clinic.example", "localhost.evil.example", "0.0.0.0", "128.0.0.1"]) expect(isLoopbackHost(h), h).toBe(false);
    expect(remoteModelHost({ provider: "ollama", ollamaBaseUrl: "http://GPU-Box.lan:11434" })).toBe("gpu-box.lan");
    expect(remoteModelHost({ provider: "openai-compatible", serverUrl: "http://127.0.0.1:8080/v1" })).toBeNull();
    expect(remoteModelHost({ provider: "llama-cpp", modelPath: "x.gguf", serverUrl: "http://far.example" })).toBeNull();
  });
});
