/**
 * Why a model file could not be added, in plain words, with the next step as a button (choose another
 * file, or try the same again) — never a command to run. The button takes focus, so a keyboard user is
 * where the next step is.
 */
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ModelFileStep } from "../lib/modelFiles";

export interface Problem {
  text: string;
  step: ModelFileStep | null;
}

export function ModelFileProblem({ problem, onChooseAnother, onTryAgain }: { problem: Problem; onChooseAnother(): void; onTryAgain(): void }) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => button.current?.focus(), [problem]);
  return (
    <div className="kind-problem model-file-problem" role="status" data-testid="model-file-problem">
      <p id={`${id}-text`}>{problem.text}</p>
      {problem.step ? (
        <button ref={button} type="button" className="button-secondary" aria-describedby={`${id}-text`} onClick={problem.step === "chooseAnother" ? onChooseAnother : onTryAgain}>
          {t(`models.${problem.step}`)}
        </button>
      ) : null}
    </div>
  );
}
