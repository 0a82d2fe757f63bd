/**
 * The desktop shell's own pieces: the question asked before a link leaves the app (its real target shown),
 * where installed builds read content from, and the file picker / link dialogs with a mocked electron.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { contentDirFor } from "../../src/main/appPaths";
import { externalLinkPrompt, OPEN_BUTTON } from "../../src/main/externalLinks";

const calls: { openDialog: unknown[]; messageBox: unknown[]; opened: string[] } = { openDialog: [], messageBox: [], opened: [] };
let dialogAnswer: { canceled: boolean; filePaths: string[] } = { canceled: true, filePaths: [] };
let boxAnswer = 0;

vi.mock("electron", () => ({
  BrowserWindow: { getFocusedWindow: () => null },
  dialog: {
    showOpenDialog: async (options: unknown) => {
      calls.openDialog.push(options);
      return dialogAnswer;
    },
    showMessageBox: async (options: unknown) => {
      calls.messageBox.push(options);
      return { response: boxAnswer };
    },
  },
  shell: { openExternal: async (url: string) => void calls.opened.push(url) },
}));

beforeEach(() => {
  calls.openDialog = [];
  calls.messageBox = [];
  calls.opened = [];
});

describe("external link confirmation", () => {
  it("names the real host and shows the full URL, with Cancel as the default", () => {
    const p = externalLinkPrompt("https://medlineplus.gov/ency/article/000001.htm?x=1")!;
    expect(p.message).toBe("Open medlineplus.gov in your web browser?");
    expect(p.detail).toBe("https://medlineplus.gov/ency/article/000001.htm?x=1");
    expect(p.buttons[p.defaultId]).toBe("Cancel");
    expect(p.buttons[OPEN_BUTTON]).toBe("Open in browser");
  });

  it("shows look-alike hosts in punycode and makes hidden characters visible", () => {
    expect(externalLinkPrompt("https://mеdlineplus.gov/")!.message).toMatch(/^Open xn--mdlineplus-[a-z0-9]+\.gov in your web browser\?$/); // Cyrillic "е"
    expect(externalLinkPrompt("https://example.org/a%E2%80%AEtxt.exe")!.detail).toContain("\\u202e");
  });

  it("asks before email and calls too, and refuses everything else", () => {
    expect(externalLinkPrompt("mailto:care@example.org")!.message).toBe("Write an email to care@example.org?");
    const call = externalLinkPrompt("tel:911")!;
    expect(call.message).toBe("Call 911?");
    expect(call.buttons[call.defaultId]).toBe("Call");
    expect(externalLinkPrompt("file:///etc/passwd")).toBeNull();
    expect(externalLinkPrompt("javascript:alert(1)")).toBeNull();
    expect(externalLinkPrompt("not a url")).toBeNull();
  });

  it("speaks Spanish when the app does", () => {
    const p = externalLinkPrompt("https://medlineplus.gov/spanish/", "es")!;
    expect(p.message).toBe("¿Abrir medlineplus.gov en su navegador?");
    expect(p.buttons).toEqual(["Cancelar", "Abrir en el navegador"]);
    expect(externalLinkPrompt("tel:112", "es")!.message).toBe("¿Llamar al 112?");
  });

  it("opens the link only when the user chose to", async () => {
    const { confirmAndOpenExternal } = await import("../../src/main/hostDialogs");
    boxAnswer = 0;
    await confirmAndOpenExternal("https://medlineplus.gov/");
    expect(calls.opened).toEqual([]);
    boxAnswer = OPEN_BUTTON;
    await confirmAndOpenExternal("https://medlineplus.gov/");
    expect(calls.opened).toEqual(["https://medlineplus.gov/"]);
    await confirmAndOpenExternal("file:///etc/passwd");
    expect(calls.messageBox).toHaveLength(2);
  });
});

describe("model file picker", () => {
  it("asks for one .gguf file and answers its path, or null when cancelled", async () => {
    const { pickModelFile } = await import("../../src/main/hostDialogs");
    dialogAnswer = { canceled: true, filePaths: [] };
    expect(await pickModelFile()).toBeNull();
    dialogAnswer = { canceled: false, filePaths: ["/media/usb/qwen.gguf"] };
    expect(await pickModelFile()).toBe("/media/usb/qwen.gguf");
    expect(calls.openDialog[0]).toMatchObject({ properties: ["openFile"], filters: [{ extensions: ["gguf"] }] });
  });
});

describe("content folder", () => {
  it("is the checkout in development and the unpacked folder next to app.asar when installed", () => {
    const unpacked = new Set(["/opt/Carefold/resources/app.asar.unpacked/skills", "/opt/Carefold/resources/app.asar.unpacked/agents"]);
    expect(contentDirFor("/work/carefold", false, () => true)).toBe("/work/carefold");
    expect(contentDirFor("/opt/Carefold/resources/app.asar", true, (p) => unpacked.has(p))).toBe("/opt/Carefold/resources/app.asar.unpacked");
    expect(contentDirFor("/opt/Carefold/resources/app.asar", true, () => false)).toBe("/opt/Carefold/resources/app.asar");
  });
});
