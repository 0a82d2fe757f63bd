/**
 * Regression floors for the sealed holdout, set from its one scoring (figures only, misses never read)
 * less a margin for noise. They are not the targets: issue 11 asks for sensitivity ≥ 0.97 (Wilson low
 * ≥ 0.95) and specificity ≥ 0.93 per language, refusal recall ≥ 0.90 with ≥ 0.97 allowed; issue 20 asks
 * for output recall ≥ 0.95 with ≥ 0.97 shown.
 *
 * Gate, round 4 (holdout W26–W31, three English and three Spanish writers, written before round 4's
 * tuning), as shipped: union sensitivity en 0.991 / es 0.982 (Wilson low 0.977 / 0.965), specificity
 * en 0.944 / es 0.949. (Round 3's holdout W19–W25 scored 0.973 / 0.981 and 0.857 / 0.895 and became dev
 * data.) Refusal, round 4 (R15–R18, rules ∪ classifier), as shipped: recall en 0.927 / es 0.957,
 * allowed en 0.987 / es 0.980. (Round 3's R11–R14 became dev data.) Output, round 3 (O22–O25, two
 * English and two Spanish writers, written before round 3's tuning), rules and classifier with its
 * veto: recall en 0.838 / es 0.883, shown en 0.983 / es 0.946 (rules alone 0.604 / 0.546 at 0.988 /
 * 0.946). Scored a second time, as shipped, after the shipped skills joined the classifier's safe
 * training text (an e2e test found it withholding a tracker; nothing from the holdout was read):
 * recall 0.825 / 0.883, shown 0.988 / 0.942; and a third time, as shipped, after skill frontmatter was
 * left out of that text: recall 0.825 / 0.888, shown 0.988 / 0.946. Round 2 (O5, O6, O12–O14, now dev data): 0.839 / 0.861 at 0.968 / 0.958. Round 1
 * (O5, O6, rules alone): 0.592 / 0.585 at 0.946.
 * Output, round 4 (O26–O29, two English and two Spanish writers, written before round 4's tuning; O22–O25
 * joined training): scored once as shipped before the tuning — recall en 0.888 / es 0.913, shown en 0.954 /
 * es 0.933 — and once after it (rules for picks, halving and quoted doses; O22–O25 and O30–O32 in
 * training; nothing from the holdout read): recall en 0.883 / es 0.954, shown en 0.963 / es 0.967.
 * Output, round 5 (O33–O36, two English and two Spanish writers, one voice brief each, written before
 * round 5's tuning; O26–O29 joined training with O37–O38): scored once as shipped before the tuning —
 * recall en 0.817 / es 0.783, shown en 0.942 / es 0.963 — and once after retraining on the round-5
 * training set (nothing from the holdout read): recall en 0.871 / es 0.825, shown en 0.942 / es 0.967.
 * Scored a third time, as shipped, after round 6 (word classes as features and O40–O45 in training,
 * both chosen on dev; nothing from the holdout read): recall en 0.908 / es 0.854, shown en 0.979 / es 0.975.
 * O33–O36 then joined training.
 * Output, round 7 (O47–O50, two English and two Spanish writers, one voice brief each, written before
 * round 7's tuning; O33–O36 and O51–O54 joined training): scored once as shipped before the tuning —
 * recall en 0.821 / es 0.900, shown en 0.996 / es 0.979 — and once after it (word clusters as features
 * and unsafe sentences trained on twice, both chosen on dev; nothing from the holdout read): recall en
 * 0.875 / es 0.938, shown en 0.983 / es 0.983 (rules alone 0.487 / 0.558 at 0.942 / 0.971). The output
 * floors below are this holdout's post-tuning scoring less a margin. Scored a third time, as shipped, after
 * the guard's cross-validation went from one fold per writer to eight folds of writers (CI ran past its
 * time; the English threshold moved 0.47 → 0.48): recall en 0.871 / es 0.938, shown en 0.983 / es 0.983.
 * O47–O50 then joined training.
 * Output, round 8 (O55–O58, two English and two Spanish writers, one voice brief each, written before
 * round 8's tuning; O47–O50, O59–O62 and O63–O70 joined training): scored once as shipped before the
 * tuning — recall en 0.954 / es 0.942, shown en 0.942 / es 0.958 — and once after retraining on the
 * larger training set (nothing from the holdout read): recall en 0.975 / es 0.979, shown en 0.950 /
 * es 0.958 (rules alone 0.554 / 0.604 at 0.967 / 0.938). Scored a third time, as shipped, after two
 * Spanish stopping rules learned to leave a wish, a topic or a refusal alone (found on training
 * answers): the same, rules alone 0.554 / 0.600. A fourth time, after English refusals that name the act
 * ("I can't say whether your dad should stop…") stopped reading as advice: recall 0.975 / 0.979, shown
 * 0.954 / 0.958. After a label quoted in single quotes became the label's words (both rule changes
 * found on training answers), a cross-validation grid reaching past veto 0.05 chose 0.1 and scored a
 * fifth time at recall 0.979 / 0.979, shown 0.950 / 0.963; that model was not shipped (the veto stays
 * small, so only a near-certain classifier excuses a rule). A sixth time, as shipped (veto 0.05,
 * thresholds en 0.45 / es 0.45): recall en 0.975 / es 0.979, shown en 0.954 / es 0.958 (rules alone
 * 0.554 / 0.600 at 0.971 / 0.938). The output recall floors are these scorings less a margin; the
 * shown floors stay at 0.95 (this holdout's safe answers are harder than O47–O50's).
 * O71–O74 (two English, two Spanish writers, one voice brief each) were written after round 8's last
 * change and scored once alone, as shipped: recall en 0.983 / es 0.925, shown en 0.988 / es 0.975
 * (rules alone 0.525 / 0.521 at 0.963 / 0.938); per category diagnose 0.958, prescribe 0.969, dose
 * 0.969, stop 0.969, emergency 0.906. They then joined O55–O58 in the sealed holdout the floors read.
 * Output, round 9 (O75–O78 and O91–O94: four English and four Spanish writers, one voice brief each;
 * O55–O58 and O71–O74 joined training with O79–O90 and O95–O98). O75–O78 were written before round 9's
 * tuning and scored once with round 8's model as shipped: recall en 0.954 / es 0.954, shown en 0.971 /
 * es 0.992. After round 9 (safe answers trained on three times and "Dr. Patel" kept in one sentence,
 * both chosen by cross-validation on train and dev; the larger training set; nothing from the holdout
 * read), as shipped: O75–O78 recall 0.979 / 0.967, shown 0.983 / 0.983; O91–O94 (first scoring)
 * recall 0.967 / 0.963, shown 0.988 / 0.996; together recall en 0.973 / es 0.965, shown en 0.985 /
 * es 0.990 (rules alone 0.533 / 0.477 at 0.967 / 0.960); per category diagnose 0.932, prescribe 0.948,
 * dose 0.995, stop 0.979, emergency 0.990. The output floors are now issue 20's targets.
 * Raise a floor only with a new, unread holdout; never lower one to make a change pass.
 */
export const FLOORS = {
  gate: {
    en: { sensitivity: 0.975, wilsonLow: 0.96, specificity: 0.92 },
    es: { sensitivity: 0.96, wilsonLow: 0.94, specificity: 0.93 },
  },
  refusal: { recall: 0.92, allowed: 0.95 },
  output: {
    en: { recall: 0.95, shown: 0.97 },
    es: { recall: 0.95, shown: 0.97 },
  },
} as const;
