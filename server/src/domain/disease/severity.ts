/**
 * Severity grade 1–5 from the share of leaf area showing symptoms.
 *
 * The Horsfall–Barratt scale (Horsfall & Barratt 1945, Phytopathology 35:655) grades diseased area
 * in bands that are narrow near 0 % and 100 % (0, 0–3, 3–6, 6–12, 12–25, 25–50, 50–75, 75–88, …)
 * because the eye judges small and near-total damage best. The app shows five dots, so adjacent HB
 * bands are merged; the cut points stay on HB boundaries:
 *
 * | grade | affected leaf area | HB classes merged |
 * |---|---|---|
 * | 1 | below 3 %   | 1 (0–3 %), includes healthy |
 * | 2 | 3 – 12 %    | 2–3 |
 * | 3 | 12 – 25 %   | 4 |
 * | 4 | 25 – 50 %   | 5 |
 * | 5 | 50 % and up | 6–11 |
 */
export const SEVERITY_BANDS = [
  { grade: 1, below: 0.03 },
  { grade: 2, below: 0.12 },
  { grade: 3, below: 0.25 },
  { grade: 4, below: 0.5 },
  { grade: 5, below: Infinity },
] as const;

export type SeverityGrade = 1 | 2 | 3 | 4 | 5;

export function severityGrade(affectedFraction: number): SeverityGrade {
  const f = Math.min(1, Math.max(0, affectedFraction));
  return SEVERITY_BANDS.find((b) => f < b.below)!.grade as SeverityGrade;
}
