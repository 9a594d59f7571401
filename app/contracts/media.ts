/** The media copies' contract between the server and the admin (decision 035). */

/** Why a copy of a video in Shopify Files could not be made. */
export type MirrorFailure =
  | "no_source" // the platform gives no downloadable file for this post (removed, private, or none offered)
  | "download_failed" // Shopify could not download the file, even from a fresh URL
  | "processing_failed" // Shopify could not process the file
  | "timeout" // still processing after the time limit
  | "shopify_refused" // Shopify refused the copy (an error answer, repeatedly)
  | "platform_failed" // the platform's runs kept failing when asked for the video's file
  | "file_deleted" // the copy was deleted from Shopify Files (found by the media check)
  | "too_long"; // an uploaded video longer than the upload takes (known only once Shopify has read it)
