/**
 * The body of a request to one of the model servers on this machine (the model proxy, the
 * rehearsal's scripted server), read whole up to a limit.
 */
import type http from "node:http";

/**
 * The whole body of `req`; null as soon as it is larger than `maxBytes` (the server may answer at
 * once). The rest of a larger body is read and dropped, so that the answer can still be sent.
 */
export function readRequestBody(req: http.IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) {
        chunks.length = 0;
        resolve(null);
        return;
      }
      chunks.push(c);
    });
    req.on("end", () => resolve(size > maxBytes ? null : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}
