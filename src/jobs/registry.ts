// Every job kind the runner knows: a flat list, one line per handler.
import { exportJob } from "../modules/audience/exports/export.job";
import { importJob } from "../modules/audience/imports/import.job";
import { enrollmentAddJob } from "../modules/campaigns/enrollment-add.job";
import { campaignStartJob } from "../modules/campaigns/start.job";
import { connectionVerifyJob } from "../modules/sending/connection-verify.job";
import { sendingDomainVerifyJob } from "../modules/sending/domains/verify.job";
import { inboxRefineJob } from "../modules/inbox/refine.job";
import type { JobHandler } from "./types";

export const jobHandlers: JobHandler[] = [importJob, exportJob, connectionVerifyJob, sendingDomainVerifyJob, enrollmentAddJob, campaignStartJob, inboxRefineJob];
