// omggif ships no types: the part of its GIF reader the converter uses.
declare module "omggif" {
  export class GifReader {
    constructor(bytes: Uint8Array);
    readonly width: number;
    readonly height: number;
    numFrames(): number;
    decodeAndBlitFrameRGBA(frame: number, pixels: Uint8Array): void;
  }
}
