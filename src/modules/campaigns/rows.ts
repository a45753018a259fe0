// The campaign domain's row types, shared by its services, the scheduler and
// the serializers.
import type { campaignSteps, campaignVariants, campaigns, enrollments, CampaignSchedule } from "../../db/schema";

export { ENROLLMENT_STATUSES } from "../../db/schema";

export type CampaignRow = typeof campaigns.$inferSelect;
export type StepRow = typeof campaignSteps.$inferSelect;
export type VariantRow = typeof campaignVariants.$inferSelect;
export type EnrollmentRow = typeof enrollments.$inferSelect;

/** The zone a person's send window is read in: theirs under `timezone_source: recipient` (when they have one), else the campaign's. */
export function zoneFor(schedule: CampaignSchedule, personTimezone: string | null): string {
  return schedule.timezoneSource === "recipient" && personTimezone ? personTimezone : schedule.timezone;
}
