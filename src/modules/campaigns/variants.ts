// Which variant of a step a message is made from.
//   balanced   round robin over the live variants, counted per step revision
//   weighted   by weight, drawn from a hash of the enrollment and the step
//              (deterministic: the same enrollment always gets the same one)
//   automatic  balanced until the winner rule decides (winner.ts), then the
//              winner for every later message
// A winner (automatic, or set by hand through PATCH) takes every message.
import { hash32 } from "./pacing";
import type { StepRow, VariantRow } from "./rows";

export function allocate(step: StepRow, variants: readonly VariantRow[], enrollmentId: string): VariantRow {
  if (step.winner) {
    const won = variants.find((v) => v.id === step.winner!.variantId);
    if (won) return won;
  }
  if (step.allocation === "weighted") {
    const total = variants.reduce((s, v) => s + v.weight, 0);
    let draw = hash32(`${enrollmentId}:${step.id}`) % total;
    for (const v of variants) {
      if (draw < v.weight) return v;
      draw -= v.weight;
    }
  }
  // balanced, and automatic before its winner: the step's counter advances once per message made
  return variants[step.allocated % variants.length]!;
}
