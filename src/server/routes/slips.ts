/**
 * Slips (spec 2 statement slip modal, spec 7): the member's upload
 * (multipart, field 'file'), their slip table and a link to one slip's
 * image; the operator's review queue (approve with an amount, reject with
 * a reason). The signed links are served by routes/files.ts.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { OPS_SLIPS_PAGE_SIZE, SLIP_FIELD, SLIP_MAX_BYTES, type OpsSlip, type SlipItem } from '../../contract/deposit.ts';
import { endpoints } from '../../contract/endpoints.ts';
import { MEMBER_TABLE_PAGE_SIZE } from '../../contract/ops-members.ts';
import { toMajor, toMinor } from '../../contract/money.ts';
import { approveSlipOrAsk } from '../approvals/dual-control.ts';
import { slipFindings } from '../deposits/slip-findings.ts';
import { rejectSlip } from '../deposits/slip-review.ts';
import { ApiError } from '../errors.ts';
import { memberByPhone } from '../members/member-page.ts';
import {
  findMemberSlipByReference,
  findSlipView,
  listSlipsForReview,
  memberSlipPage,
  slipsInStatus,
  memberSlipTotal,
  type SlipRow,
  type SlipView,
} from '../repositories/slips.ts';
import { accepted, route } from '../route.ts';
import { SLIP_LINK_LIFETIME_MS } from '../policy.ts';
import { currencyOf } from '../repositories/users.ts';
import { takeSlipUpload } from '../slips/upload.ts';
import { signedUrl } from '../storage/signed-urls.ts';
import { recordId } from '../validation.ts';

type OpsSlipNote = v.InferOutput<typeof OpsSlip>['note'];

/** How a failed automatic check answers the upload: a duplicate conflicts with the slip that holds the reference. */
function failedUploadStatus(note: string): number {
  return note === 'SLIP_REFNO_DUPLICATED' ? 409 : 400;
}

/**
 * The slip's file from a multipart body: SLIP_NO_FILE without one,
 * SLIP_TOO_LARGE past the limit (the shared rule; reading stops there),
 * SLIP_INVALID_FILE when the body cannot be read.
 */
async function readSlipFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ApiError(400, 'SLIP_NO_FILE');
  try {
    const part = await request.file({ limits: { fileSize: SLIP_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
    if (!part || part.fieldname !== SLIP_FIELD) throw new ApiError(400, 'SLIP_NO_FILE');
    // Throws once the part passes fileSize: nothing past the limit is kept.
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    request.log.info({ err: error }, 'slip upload refused');
    if (error instanceof Error && (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 'SLIP_TOO_LARGE');
    throw new ApiError(400, 'SLIP_INVALID_FILE');
  }
}

export async function slipRoutes(app: FastifyInstance): Promise<void> {
  const { clock, config, limits } = app;
  const storage = app.uploads;

  const linkTo = (key: string | null, now: Date) => (key === null ? '' : signedUrl(config.fileLinkSecret, key, new Date(now.getTime() + SLIP_LINK_LIFETIME_MS)));

  function slipItem(slip: SlipRow, now: Date): v.InferOutput<typeof SlipItem> {
    return {
      createdAt: slip.createdAt.toISOString(),
      amount: slip.status === 'SUCCESS' && slip.amount !== null ? toMajor(slip.amount) : 0,
      status: slip.status,
      note: (slip.note ?? '') as v.InferOutput<typeof SlipItem>['note'],
      link: linkTo(slip.storageKey, now),
      reference: slip.reference ?? '',
    };
  }

  function opsSlip(slip: SlipView, now: Date): v.InferOutput<typeof OpsSlip> {
    const { createdAt, amount, status, note, link, reference } = slipItem(slip, now);
    return {
      id: String(slip.id),
      username: slip.username,
      name: slip.name,
      reference,
      sendingBank: slip.sendingBank ?? '',
      status,
      note,
      amount,
      link,
      createdAt,
      reviewedAt: slip.reviewedAt?.toISOString() ?? null,
    };
  }

  // Multipart parsing for the upload only; every other route keeps speaking JSON.
  await app.register(async (upload) => {
    await upload.register(multipart);
    route(upload, endpoints.slipUpload, async ({ caller, reply, request }) => {
      const now = clock();
      const slip = await takeSlipUpload(app.db, storage, { limits, userId: caller.userId, now, log: request.log, verifier: app.slipVerifier }, () => readSlipFile(request));
      const item = slipItem(slip, now);
      // PENDING waits for an operator; SUCCESS: the slip verifier credited it already.
      if (slip.status !== 'FAILED') return { message: 'SUCCESS', slip: item };
      // A failed check is kept (the member sees it in the slip table) and answered with its reason.
      reply.code(failedUploadStatus(item.note));
      return { message: item.note, slip: item };
    });
  });

  route(app, endpoints.slips, async ({ body, caller, db }) => {
    const now = clock();
    const rows = await memberSlipPage(db, caller.userId, (body.page - 1) * body.limit, body.limit);
    return { slips: rows.map((slip) => slipItem(slip, now)), total: await memberSlipTotal(db, caller.userId) };
  });

  route(app, endpoints.slipReference, async ({ params, caller, db }) => {
    const slip = await findMemberSlipByReference(db, caller.userId, params.reference);
    if (!slip?.storageKey) throw new ApiError(404, 'NO_DATA');
    return { url: linkTo(slip.storageKey, clock()) };
  });

  // ---------------------------------------------------------------- operator

  // A member's slips on their console page (support, finance), as the member's own table shows them.
  route(app, endpoints.opsMemberSlips, async ({ db, params, query }) => {
    const now = clock();
    const { id } = await memberByPhone(db, params.username);
    const rows = await memberSlipPage(db, id, (query.page - 1) * MEMBER_TABLE_PAGE_SIZE, MEMBER_TABLE_PAGE_SIZE);
    return { slips: rows.map((slip) => slipItem(slip, now)), total: await memberSlipTotal(db, id) };
  });

  route(app, endpoints.opsSlips, async ({ db, query }) => {
    const now = clock();
    const rows = await listSlipsForReview(db, query.status, (query.page - 1) * OPS_SLIPS_PAGE_SIZE, OPS_SLIPS_PAGE_SIZE, query.sort);
    return { slips: rows.map((slip) => opsSlip(slip, now)), total: await slipsInStatus(db, query.status) };
  });

  // One slip with what the operator checks before deciding it (deposits/slip-findings.ts).
  route(app, endpoints.opsSlip, async ({ db, params }) => {
    const found = await slipFindings(db, recordId(params.id));
    if (!found) throw new ApiError(404, 'NO_DATA');
    const now = clock();
    const { member, credited, waiting } = found;
    return {
      slip: opsSlip(found.slip, now),
      bank:
        member?.bankCode && member.accountNo
          ? { code: member.bankCode, name: member.bankNameEn ?? member.bankCode, accountName: member.accountName ?? '', accountNo: member.accountNo }
          : null,
      currency: currencyOf(member?.currency),
      sameReference: found.sameReference.map((sibling) => ({
        id: String(sibling.id),
        username: sibling.username,
        status: sibling.status,
        note: (sibling.note ?? '') as OpsSlipNote,
        createdAt: sibling.createdAt.toISOString(),
      })),
      credited: credited ? { transferId: String(credited.id), amount: toMajor(credited.amount), createdAt: credited.createdAt.toISOString() } : null,
      waitingApprovalId: waiting ? String(waiting.id) : null,
      maxAgeMinutes: found.maxAgeMinutes,
      verification: found.slip.verification,
    };
  });

  async function decided(slipId: number) {
    const view = await findSlipView(app.db, slipId);
    if (!view) throw new Error(`slip ${slipId} vanished`);
    return { message: 'SUCCESS', slip: opsSlip(view, clock()) };
  }

  // Above the approval threshold (or the operator's daily sum alone) an approval asks a second operator (202).
  route(app, endpoints.opsSlipApproved, async ({ params, body, caller, request, reply }) => {
    const slipId = recordId(params.id);
    const asked = await approveSlipOrAsk(app.db, request.log, caller.operatorId, slipId, toMinor(body.amount), clock());
    if (asked) return accepted(reply, asked);
    return decided(slipId);
  });

  route(app, endpoints.opsSlipRejected, async ({ params, body, caller }) => {
    const slipId = recordId(params.id);
    await rejectSlip(app.db, { slipId, operatorId: caller.operatorId, now: clock() }, body.note);
    return decided(slipId);
  });
}
