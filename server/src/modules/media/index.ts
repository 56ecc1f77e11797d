// The media module's entry for other code; its handlers are wired in service.ts.
export {
  CONTENT_TYPES,
  displayName,
  imageKind,
  NOT_AN_IMAGE,
  storeImage,
  TOO_LARGE,
  UPLOADS_FOLDER,
} from './media.files.ts';
export {
  findFolderByName,
  keepFile,
  mediaUrl,
  PRODUCT_FOLDER,
  pictureSizeOrRefuse,
  readMediaSettings,
} from './media.library.ts';
export {
  fileOrRefuse,
  registerMediaUploads,
  type SpooledFile,
  spooledFile,
  uploadedFile,
} from './media.multipart.ts';
export {
  type CheckedPhoto,
  checkedPhoto,
  PHOTO_TOO_SMALL,
  storePhotoThen,
} from './media.photos.ts';
export {
  localMediaStore,
  type MediaStore,
  type S3Settings,
  STORED_NAME,
  s3MediaStore,
} from './media.store.ts';
