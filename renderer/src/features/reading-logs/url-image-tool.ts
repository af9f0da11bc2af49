// Images in the journal are shown from their address, never uploaded: the image tool takes an image URL
// pasted into the journal (or an <img> in pasted HTML) and keeps that URL as the image's address. Files
// dropped or pasted are not taken at all, so nothing ever asks for an upload endpoint.
import type { PasteConfig } from '@editorjs/editorjs';
import ImageTool from '@editorjs/image';

export class UrlImageTool extends ImageTool {
  static override get pasteConfig(): PasteConfig {
    const config = ImageTool.pasteConfig;
    return config && { tags: config.tags, patterns: config.patterns };
  }
}

export const urlImageConfig = {
  uploader: {
    uploadByUrl: async (url: string) => ({ success: 1, file: { url } }),
    // Only reached for a pasted <img> whose source is a local blob, which would have to be uploaded.
    uploadByFile: async () => {
      throw new Error('The journal keeps images by their address; uploads are not supported.');
    },
  },
};
