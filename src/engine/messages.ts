/** User-facing engine messages that do not come from content or the safety layer. */
export function noModelMessage(language: "en" | "es"): string {
  if (language === "es") {
    return [
      "Todavía no hay un modelo configurado. Carefold usa un modelo que funciona en su propia computadora, sin enviar nada a internet.",
      "",
      "Para configurar uno:",
      "- En la aplicación: Configuración → Modelo, y elija un archivo GGUF o Ollama.",
      "- En la terminal: `carefold models import <archivo.gguf>`, o `carefold ask --ollama qwen2.5:3b \"…\"` si usa Ollama.",
    ].join("\n");
  }
  return [
    "No model is set up yet. Carefold answers with a model that runs on your own computer, so nothing you type leaves it.",
    "",
    "To set one up:",
    "- In the app: Settings → Model, then choose a GGUF file or Ollama.",
    "- In a terminal: `carefold models import <file.gguf>`, or `carefold ask --ollama qwen2.5:3b \"…\"` if you use Ollama.",
  ].join("\n");
}
