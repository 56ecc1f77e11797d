import { requireStaff } from '../../auth/permissions.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { ApiError, badRequest } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { staffActivity } from '../products/products.handlers.ts';
import {
  displayName,
  imageKind,
  NOT_AN_IMAGE,
  storeImage,
  TOO_LARGE,
  UPLOADS_FOLDER,
} from './media.files.ts';
import { uploadedFile } from './media.multipart.ts';
import { localMediaStore, type MediaStore } from './media.store.ts';

export function createMediaHandlers(deps: {
  db: Database;
  config: Pick<AppConfig, 'dataDir' | 'publicUrl'>;
  media?: MediaStore;
}) {
  const { db, config } = deps;
  const media = deps.media ?? localMediaStore(config.dataDir);
  return {
    uploadMedia: operation('uploadMedia', async (request, reply) => {
      const staff = requireStaff(request);
      // The contract's multipart body has no JSON type; media.multipart.ts put the file part here.
      const file = uploadedFile((request.body as Record<string, unknown> | undefined)?.file);
      if (!file) throw badRequest('Send the picture as multipart/form-data in the field "file".');
      if (file.truncated) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', TOO_LARGE);
      const kind = imageKind(file.bytes);
      if (kind === null) throw new ApiError(415, 'BAD_REQUEST', NOT_AN_IMAGE);

      const stored = await storeImage(media, file.bytes, kind);
      const name = displayName(file.filename, kind);
      const url = `${config.publicUrl.replace(/\/+$/, '')}/media/${UPLOADS_FOLDER}/${stored}`;
      await recordActivity(
        db,
        request,
        staffActivity(request, staff, {
          action: 'media.upload',
          target: `media:${stored}`,
          details: { name, size: file.bytes.length },
        }),
      );
      void reply.code(201);
      return { success: true, data: { url, name, size: file.bytes.length } };
    }),
  };
}
