import type { Font } from 'fontkit';

declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      /** pdfkit (since 0.17) also takes a font fontkit has parsed, as it is; its types name only files and bytes. */
      registerFont(name: string, src: Font): this;
    }
  }
}
