-- AlterTable
ALTER TABLE "Video" ADD COLUMN     "uploadFilename" TEXT;

-- Uploads already in the library: their file's name from the upload that made them, while its record is kept (a week).
UPDATE "Video" SET "uploadFilename" = (
  SELECT "VideoUpload"."filename" FROM "VideoUpload"
  WHERE "VideoUpload"."videoId" = "Video"."id" AND "VideoUpload"."shopId" = "Video"."shopId"
  LIMIT 1
) WHERE "platform" = 'upload';
