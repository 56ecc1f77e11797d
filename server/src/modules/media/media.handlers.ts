import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { StaffAuth } from '../../auth/auth-context.ts';
import { requireStaff } from '../../auth/permissions.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { foreignKeyViolation } from '../../db/errors.ts';
import { mediaFiles, mediaFolders } from '../../db/schema.ts';
import { ApiError, badRequest, conflict, notFound, unprocessable } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { isHttpUrl } from '../../lib/sanitize.ts';
import { type ActivityEntry, insertActivity, staffActivity, withActivity } from '../activity/index.ts';
import {
  CONTENT_TYPES,
  displayName,
  FILE_TOO_LARGE,
  imageKind,
  kindGroup,
  type LibraryKind,
  libraryKind,
  NOT_A_LIBRARY_FILE,
  NOT_AN_IMAGE,
  storeImage,
  TOO_LARGE,
} from './media.files.ts';
import {
  findFile,
  findFolder,
  findFolderByName,
  keepFile,
  listFiles,
  listFolders,
  MEDIA_PAGE_SIZE,
  type MediaFileRow,
  type MediaLinks,
  mediaUrl,
  moveReferences,
  PRODUCT_FOLDER,
  ProcessRefused,
  pictureSizeOrRefuse,
  processPicture,
  readMediaSettings,
  usersOf,
  writeMediaSettings,
} from './media.library.ts';
import { fileOrRefuse, type UploadedFile } from './media.multipart.ts';
import { localMediaStore, type MediaStore } from './media.store.ts';

export const FILE_NOT_FOUND = 'File not found.';
export const FOLDER_NOT_FOUND = 'Folder not found.';
export const FOLDER_EXISTS = 'A folder of that name exists already.';
export const BUILT_IN_FOLDER =
  'Marketing, Product and Factory are the store’s own folders and cannot be removed.';
export const FOLDER_NOT_EMPTY = 'Move or delete the files in this folder first.';
export const CDN_ADDRESS_NEEDED = 'Give the CDN’s address (http:// or https://) to turn it on.';
export const SAME_KIND_NEEDED = 'Replace a file with one of the same kind (a picture, a video or a PDF).';
export const usedBy = (names: string[]) => `The file is used by: ${names.join('; ')}.`;

const FOLDER_NAME = /^[^/\\<>\p{Cc}]+$/u;

function libraryFileOrRefuse(body: unknown): { file: UploadedFile; kind: LibraryKind } {
  const file = fileOrRefuse(body, FILE_TOO_LARGE);
  const kind = libraryKind(file.bytes);
  if (kind === null) throw new ApiError(415, 'BAD_REQUEST', NOT_A_LIBRARY_FILE);
  return { file, kind };
}

export function createMediaHandlers(deps: {
  db: Database;
  config: Pick<AppConfig, 'dataDir' | 'publicUrl'>;
  media?: MediaStore;
}) {
  const { db, config } = deps;
  const media = deps.media ?? localMediaStore(config.dataDir);

  const view = (row: MediaFileRow, links: MediaLinks, users: string[]) => ({
    id: row.id,
    folderId: row.folderId,
    name: row.name,
    url: mediaUrl(links, config.publicUrl, row.storedName),
    contentType: row.contentType,
    kind: kindGroup(row.storedName.split('.').pop() ?? ''),
    sizeBytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
    usedBy: users,
  });

  const viewOne = async (row: MediaFileRow) =>
    view(row, await readMediaSettings(db), (await usersOf(db, [row.storedName])).get(row.storedName) ?? []);

  const keep = (
    folderId: string,
    name: string,
    bytes: Uint8Array,
    kind: LibraryKind | 'gif',
    uploadedBy: string,
    activity: (row: MediaFileRow) => ActivityEntry,
  ) => keepFile(db, media, { folderId, name, bytes, kind, uploadedBy }, activity);

  /** The activity entry of a staff member's media change, written in the change's transaction. */
  const entry = (
    request: FastifyRequest,
    staff: StaffAuth,
    action: string,
    target: string,
    details: Record<string, unknown>,
  ) => staffActivity(request, staff, { action, target, details });

  async function fileOr404(id: string) {
    const row = await findFile(db, id);
    if (!row) throw notFound(FILE_NOT_FOUND);
    return row;
  }

  return {
    uploadMedia: operation('uploadMedia', async (request, reply) => {
      const staff = requireStaff(request);
      const file = fileOrRefuse(request.body, TOO_LARGE);
      const kind = imageKind(file.bytes);
      if (kind === null) throw new ApiError(415, 'BAD_REQUEST', NOT_AN_IMAGE);

      const name = displayName(file.filename, kind);
      // The wizard's pictures join the library's Product folder, so they can be picked again later.
      const folder = await findFolderByName(db, PRODUCT_FOLDER);
      if (!folder) throw new Error('the Product media folder is missing');
      const row = await keep(folder.id, name, file.bytes, kind, staff.name, (kept) =>
        entry(request, staff, 'media.upload', `media:${kept.storedName}`, { name, size: file.bytes.length }),
      );
      const url = mediaUrl(await readMediaSettings(db), config.publicUrl, row.storedName);
      void reply.code(201);
      return { success: true, data: { url, name, size: file.bytes.length } };
    }),

    listMediaFolders: operation('listMediaFolders', async (request) => {
      requireStaff(request);
      return { success: true, data: await listFolders(db) };
    }),

    createMediaFolder: operation('createMediaFolder', async (request, reply) => {
      const staff = requireStaff(request);
      const name = request.body.name.trim();
      if (name === '' || !FOLDER_NAME.test(name)) {
        throw badRequest(
          'A folder name cannot be empty or hold slashes, angle brackets or control characters.',
        );
      }
      if (await findFolderByName(db, name)) throw conflict(FOLDER_EXISTS);
      const row = await withActivity(
        db,
        async (tx) => {
          const [created] = await tx.insert(mediaFolders).values({ name }).onConflictDoNothing().returning();
          if (!created) throw conflict(FOLDER_EXISTS);
          return created;
        },
        (created) =>
          staffActivity(request, staff, {
            action: 'media.folder.create',
            target: `media-folder:${created.id}`,
            details: { name },
          }),
      );
      void reply.code(201);
      return { success: true, data: { id: row.id, name: row.name, builtIn: row.builtIn, fileCount: 0 } };
    }),

    deleteMediaFolder: operation('deleteMediaFolder', async (request) => {
      const staff = requireStaff(request);
      const folder = await findFolder(db, request.params.id);
      if (!folder) throw notFound(FOLDER_NOT_FOUND);
      if (folder.builtIn) throw conflict(BUILT_IN_FOLDER);
      const [first] = await db
        .select({ id: mediaFiles.id })
        .from(mediaFiles)
        .where(eq(mediaFiles.folderId, folder.id))
        .limit(1);
      if (first) throw conflict(FOLDER_NOT_EMPTY);
      try {
        await withActivity(
          db,
          (tx) => tx.delete(mediaFolders).where(eq(mediaFolders.id, folder.id)),
          entry(request, staff, 'media.folder.delete', `media-folder:${folder.id}`, { name: folder.name }),
        );
      } catch (error) {
        // A file arrived between the check and the delete: the foreign key refused it.
        if (foreignKeyViolation(error)) throw conflict(FOLDER_NOT_EMPTY);
        throw error;
      }
      return { success: true, message: `Folder ${folder.name} removed.` };
    }),

    listMediaFiles: operation('listMediaFiles', async (request) => {
      requireStaff(request);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? MEDIA_PAGE_SIZE;
      const { rows, total } = await listFiles(
        db,
        { folderId: request.query.folder, q: request.query.q?.trim(), imagesOnly: request.query.images },
        page,
        limit,
      );
      const [links, users] = await Promise.all([
        readMediaSettings(db),
        usersOf(
          db,
          rows.map((row) => row.storedName),
        ),
      ]);
      return {
        success: true,
        data: rows.map((row) => view(row, links, users.get(row.storedName) ?? [])),
        meta: { page, limit, total },
      };
    }),

    uploadMediaFile: operation('uploadMediaFile', async (request, reply) => {
      const staff = requireStaff(request);
      const folder = await findFolder(db, request.query.folder);
      if (!folder) throw notFound(FOLDER_NOT_FOUND);
      const { file, kind } = libraryFileOrRefuse(request.body);
      const row = await keep(
        folder.id,
        displayName(file.filename, kind),
        file.bytes,
        kind,
        staff.name,
        (kept) =>
          entry(request, staff, 'media.upload', `media:${kept.storedName}`, {
            name: kept.name,
            folder: folder.name,
            size: kept.sizeBytes,
          }),
      );
      void reply.code(201);
      return { success: true, data: await viewOne(row) };
    }),

    replaceMediaFile: operation('replaceMediaFile', async (request) => {
      const staff = requireStaff(request);
      const current = await fileOr404(request.params.id);
      const { file, kind } = libraryFileOrRefuse(request.body);
      if (kindGroup(kind) !== kindGroup(current.storedName.split('.').pop() ?? '')) {
        throw new ApiError(415, 'BAD_REQUEST', SAME_KIND_NEEDED);
      }
      const size = await pictureSizeOrRefuse(file.bytes, kind);
      // A new name, so no browser or CDN keeps showing the old bytes; places using the file follow it.
      const storedName = await storeImage(media, file.bytes, kind);
      const row = await db.transaction(async (tx) => {
        await moveReferences(tx, current.storedName, storedName);
        const [updated] = await tx
          .update(mediaFiles)
          .set({
            storedName,
            contentType: CONTENT_TYPES[kind],
            sizeBytes: file.bytes.length,
            ...size,
            updatedAt: new Date(),
          })
          .where(eq(mediaFiles.id, current.id))
          .returning();
        if (updated) {
          await insertActivity(
            tx,
            entry(request, staff, 'media.replace', `media:${storedName}`, {
              name: updated.name,
              previous: current.storedName,
              size: updated.sizeBytes,
            }),
          );
        }
        return updated;
      });
      if (!row) throw notFound(FILE_NOT_FOUND);
      await media.remove(current.storedName).catch(() => undefined);
      return { success: true, data: await viewOne(row) };
    }),

    deleteMediaFile: operation('deleteMediaFile', async (request) => {
      const staff = requireStaff(request);
      const file = await fileOr404(request.params.id);
      const users = (await usersOf(db, [file.storedName])).get(file.storedName) ?? [];
      if (users.length > 0) throw conflict(usedBy(users));
      await withActivity(
        db,
        (tx) => tx.delete(mediaFiles).where(eq(mediaFiles.id, file.id)),
        entry(request, staff, 'media.delete', `media:${file.storedName}`, { name: file.name }),
      );
      // The bytes go only once the row (and its entry) is gone: a failed delete leaves a working file.
      await media.remove(file.storedName).catch(() => undefined);
      return { success: true, message: `${file.name} deleted.` };
    }),

    processMediaFile: operation('processMediaFile', async (request, reply) => {
      const staff = requireStaff(request);
      const file = await fileOr404(request.params.id);
      const body = request.body;
      if (body.action === 'convert' && !body.format) throw badRequest('Choose the format to convert to.');
      const stored = await media.get(file.storedName);
      if (!stored) throw unprocessable('The file’s content is missing from storage.');
      let result: Awaited<ReturnType<typeof processPicture>>;
      try {
        result = await processPicture(
          file,
          stored.bytes,
          body.action === 'convert'
            ? { action: 'convert', format: body.format ?? 'webp' }
            : body.action === 'compress'
              ? { action: 'compress', quality: body.quality }
              : { action: 'resize', width: body.width, height: body.height },
        );
      } catch (error) {
        if (error instanceof ProcessRefused) throw unprocessable(error.message);
        throw error;
      }
      const row = await keep(file.folderId, result.name, result.bytes, result.format, staff.name, (kept) =>
        entry(request, staff, `media.${body.action}`, `media:${kept.storedName}`, {
          from: file.name,
          name: kept.name,
          size: kept.sizeBytes,
        }),
      );
      void reply.code(201);
      return { success: true, data: await viewOne(row) };
    }),

    getMediaSettings: operation('getMediaSettings', async (request) => {
      requireStaff(request);
      return { success: true, data: await readMediaSettings(db) };
    }),

    updateMediaSettings: operation('updateMediaSettings', async (request) => {
      const staff = requireStaff(request);
      const base = request.body.cdnBaseUrl?.trim() || null;
      if (base !== null && !isHttpUrl(base)) throw badRequest(CDN_ADDRESS_NEEDED);
      if (request.body.cdnEnabled && base === null) throw badRequest(CDN_ADDRESS_NEEDED);
      const settings = { cdnEnabled: request.body.cdnEnabled, cdnBaseUrl: base };
      await withActivity(
        db,
        (tx) => writeMediaSettings(tx, settings),
        entry(request, staff, 'media.cdn', 'settings:media', settings),
      );
      return { success: true, data: settings };
    }),
  };
}
