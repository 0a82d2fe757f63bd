/**
 * The desktop shell's own dialogs: the model file picker (HostHooks.pickModelFile) and the confirmation
 * before a link opens outside the app (what it asks is in externalLinks.ts).
 */
import { BrowserWindow, dialog, shell } from "electron";
import { externalLinkPrompt, OPEN_BUTTON } from "./externalLinks";

const PICKER = {
  en: { title: "Choose a model file", button: "Use this file", filter: "GGUF model" },
  es: { title: "Elegir un archivo de modelo", button: "Usar este archivo", filter: "Modelo GGUF" },
} as const;

export async function pickModelFile(language: "en" | "es" = "en"): Promise<string | null> {
  const words = PICKER[language];
  const options = {
    title: words.title,
    buttonLabel: words.button,
    properties: ["openFile" as const],
    filters: [{ name: words.filter, extensions: ["gguf"] }],
  };
  const parent = BrowserWindow.getFocusedWindow();
  const choice = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
  return choice.canceled || choice.filePaths.length === 0 ? null : choice.filePaths[0]!;
}

/** Opens a link in the system's browser (mail, phone app) only after the user confirmed its real target. */
export async function confirmAndOpenExternal(url: string, language: "en" | "es" = "en"): Promise<void> {
  const prompt = externalLinkPrompt(url, language);
  if (!prompt) return;
  const parent = BrowserWindow.getFocusedWindow();
  const { response } = parent ? await dialog.showMessageBox(parent, prompt) : await dialog.showMessageBox(prompt);
  if (response === OPEN_BUTTON) await shell.openExternal(url);
}
