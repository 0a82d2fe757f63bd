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

/** Why a specialist stopped before answering (agent.yaml `limits`, or a reply cut off mid-step). */
export type TurnStop = "steps" | "repeated" | "cut_off";

const TURN_STOP: Record<TurnStop, { en: string; es: string }> = {
  steps: {
    en: "I stopped before finishing, because answering this took more steps than I allow myself for one question. Please try again, maybe asking about one thing at a time.",
    es: "Me detuve antes de terminar, porque responder esto necesitaba más pasos de los que me permito para una pregunta. Por favor, intente de nuevo, quizás preguntando por una cosa a la vez.",
  },
  repeated: {
    en: "I stopped because I kept repeating the same step without getting further. Please try asking again in other words, or about one thing at a time.",
    es: "Me detuve porque estaba repitiendo el mismo paso sin avanzar. Por favor, intente preguntar de nuevo con otras palabras, o por una cosa a la vez.",
  },
  cut_off: {
    en: "I stopped because my reply was cut off in the middle of a step. Please try again, maybe asking about one thing at a time.",
    es: "Me detuve porque mi respuesta se cortó en medio de un paso. Por favor, intente de nuevo, quizás preguntando por una cosa a la vez.",
  },
};

export function turnStopMessage(reason: TurnStop, language: "en" | "es"): string {
  return TURN_STOP[reason][language];
}
