/** Pending approvals, the consent prompt and model downloads, as pure reducers. */
import { describe, expect, it } from "vitest";
import { approvalsReducer, type ApprovalRequest } from "../../src/renderer/state/approvals";
import { consentReducer, consentRequests, type ConsentPrompt } from "../../src/renderer/state/consent";
import { activeDownloads, downloadsReducer } from "../../src/renderer/state/downloads";
import type { EngineEvent } from "../../src/shared/contract";

const request = (id: string, at: string): ApprovalRequest => ({
  type: "approval.requested",
  approvalId: id,
  turnId: "u1",
  threadId: "t1",
  agent: "visit-steward",
  tool: "workspace-note",
  path: `/workspace/notes/${id}.md`,
  operation: "create",
  diff: "",
  proposed: "x",
  requestedAt: at,
});

describe("approvals", () => {
  it("merges the start-up list with live requests, oldest first, without duplicates", () => {
    let s = approvalsReducer([], { type: "event", event: request("b", "2025-01-02") });
    s = approvalsReducer(s, { type: "loaded", approvals: [request("a", "2025-01-01"), request("b", "2025-01-02")] });
    expect(s.map((a) => a.approvalId)).toEqual(["a", "b"]);
    s = approvalsReducer(s, { type: "event", event: request("a", "2025-01-01") });
    expect(s).toHaveLength(2);
  });

  it("drops an approval once resolved or decided", () => {
    let s = [request("a", "1"), request("b", "2")];
    s = approvalsReducer(s, { type: "event", event: { type: "approval.resolved", approvalId: "a", turnId: "u1", threadId: "t1", status: "applied" } });
    expect(s.map((a) => a.approvalId)).toEqual(["b"]);
    s = approvalsReducer(s, { type: "settled", approvalId: "b" });
    expect(s).toEqual([]);
    expect(approvalsReducer(s, { type: "event", event: { type: "token", turnId: "u", threadId: "t", text: "x" } })).toBe(s);
  });

  it("forgets a deleted conversation's approvals, or every one after deleting all data", () => {
    const s = [request("a", "1"), { ...request("b", "2"), threadId: "t2" }];
    expect(approvalsReducer(s, { type: "forget", threadId: "t1" }).map((a) => a.approvalId)).toEqual(["b"]);
    expect(approvalsReducer(s, { type: "forget", threadId: null })).toEqual([]);
  });
});

describe("consent prompt", () => {
  const required: EngineEvent = {
    type: "consent.required",
    turnId: "u7",
    threadId: "t1",
    agents: [
      { id: "cardiology-guide", title: "Heart Visit Guide", description: "Heart visits." },
      { id: "nephrology-guide", title: "Kidney Visit Guide", description: "Kidney visits." },
    ],
  };

  it("remembers the specialists and the question to re-send", () => {
    const s = consentReducer(null, { type: "event", event: required, questionOf: (turnId) => (turnId === "u7" ? "my question" : null) });
    expect(s).toMatchObject({ turnId: "u7", threadId: "t1", question: "my question" });
    expect(s!.agents.map((a) => a.id)).toEqual(["cardiology-guide", "nephrology-guide"]);
    expect(consentReducer(s, { type: "dismiss" })).toBeNull();
    expect(consentReducer(s, { type: "event", event: { type: "token", turnId: "u", threadId: "t", text: "x" }, questionOf: () => null })).toBe(s);
  });

  it("asks for each specialist, or for all at once", () => {
    const prompt = consentReducer(null, { type: "event", event: required, questionOf: () => "q" }) as ConsentPrompt;
    expect(consentRequests(prompt, "agent")).toEqual([
      { scope: "agent", agentId: "cardiology-guide", granted: true },
      { scope: "agent", agentId: "nephrology-guide", granted: true },
    ]);
    expect(consentRequests(prompt, "global")).toEqual([{ scope: "global", granted: true }]);
  });
});

describe("model downloads", () => {
  it("keeps the latest progress per download and lists the running ones", () => {
    const progress = (id: string, state: "downloading" | "verifying" | "done" | "failed", received: number): EngineEvent => ({
      type: "model.progress",
      downloadId: id,
      model: "m",
      receivedBytes: received,
      totalBytes: 100,
      state,
      message: null,
    });
    let s = downloadsReducer({}, progress("d1", "downloading", 10));
    s = downloadsReducer(s, progress("d1", "downloading", 50));
    s = downloadsReducer(s, progress("d2", "failed", 0));
    expect(s.d1!.receivedBytes).toBe(50);
    expect(activeDownloads(s).map((d) => d.downloadId)).toEqual(["d1"]);
    expect(downloadsReducer(s, { type: "token", turnId: "u", threadId: "t", text: "x" })).toBe(s);
  });
});
