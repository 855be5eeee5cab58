import QRCode from 'qrcode';

/**
 * QR codes for the console (community setup, menu items, marketing): one place that sets how
 * they are drawn. The quiet zone is the four modules the QR standard asks for (ISO/IEC 18004),
 * so printed codes scan even when placed against other artwork; error correction M survives
 * smudges and a small logo-free print.
 */
export const QR_QUIET_ZONE_MODULES = 4;
export const QR_ERROR_CORRECTION = 'M' as const;
/** The PNG download's width in px. */
export const QR_PNG_WIDTH = 512;

export interface QrImages {
  /** What the code opens. */
  target: string;
  /** SVG data URL, for the page. */
  svg: string;
  /** PNG data URL, for the download. */
  png: string;
}

export async function qrSvg(target: string): Promise<string> {
  return QRCode.toString(target, { type: 'svg', margin: QR_QUIET_ZONE_MODULES, errorCorrectionLevel: QR_ERROR_CORRECTION });
}

export async function qrPngBuffer(target: string, width = QR_PNG_WIDTH): Promise<Buffer> {
  return QRCode.toBuffer(target, { type: 'png', margin: QR_QUIET_ZONE_MODULES, width, errorCorrectionLevel: QR_ERROR_CORRECTION });
}

/** The QR code as an SVG data URL. */
export async function qrCodeDataUrl(target: string): Promise<string> {
  return `data:image/svg+xml;base64,${Buffer.from(await qrSvg(target)).toString('base64')}`;
}

/** The QR code as a PNG data URL (the download). */
export async function qrCodePngDataUrl(target: string): Promise<string> {
  return `data:image/png;base64,${(await qrPngBuffer(target)).toString('base64')}`;
}

export async function qrImages(target: string): Promise<QrImages> {
  const [svg, png] = await Promise.all([qrCodeDataUrl(target), qrCodePngDataUrl(target)]);
  return { target, svg, png };
}
