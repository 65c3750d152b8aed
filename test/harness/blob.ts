/**
 * Shared-access signatures for Azurite and the few blob operations the results service needs
 * (create a container, put/inspect/delete a blob), all over plain HTTP with SAS query strings.
 */
import { createHmac } from "node:crypto";

const SAS_VERSION = "2021-08-06";

export interface BlobAccount {
  /** Blob endpoint including the account: http://127.0.0.1:port/account */
  blobEndpoint: string;
  accountName: string;
  accountKey: string;
}

function sasTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

function sign(stringToSign: string, accountKey: string): string {
  return createHmac("sha256", Buffer.from(accountKey, "base64")).update(stringToSign, "utf8").digest("base64");
}

/** Service SAS for one blob. `permissions` in SAS order, e.g. "r", "cw", "d". */
export function blobSasUrl(
  account: BlobAccount,
  container: string,
  blobName: string,
  permissions: string,
  expiresInMs = 60 * 60 * 1000,
): string {
  const expiry = sasTime(new Date(Date.now() + expiresInMs));
  const canonical = `/blob/${account.accountName}/${container}/${blobName}`;
  // Field order of a service SAS (versions 2020-12-06 and later).
  const stringToSign = [
    permissions,
    "", // start
    expiry,
    canonical,
    "", // identifier
    "", // ip
    "", // protocol
    SAS_VERSION,
    "b", // signed resource: blob
    "", // snapshot time
    "", // encryption scope
    "", // cache-control
    "", // content-disposition
    "", // content-encoding
    "", // content-language
    "", // content-type
  ].join("\n");
  const query = new URLSearchParams({
    sv: SAS_VERSION,
    sr: "b",
    sp: permissions,
    se: expiry,
    sig: sign(stringToSign, account.accountKey),
  });
  return `${account.blobEndpoint}/${container}/${encodeBlobPath(blobName)}?${query}`;
}

/** Account SAS query string for the blob service (used to create containers). */
export function accountSasQuery(account: BlobAccount, permissions = "rwdlac", expiresInMs = 60 * 60 * 1000): string {
  const expiry = sasTime(new Date(Date.now() + expiresInMs));
  const stringToSign = [
    account.accountName,
    permissions,
    "b", // services
    "sco", // resource types
    "", // start
    expiry,
    "", // ip
    "", // protocol
    SAS_VERSION,
    "", // encryption scope
    "",
  ].join("\n");
  return new URLSearchParams({
    sv: SAS_VERSION,
    ss: "b",
    srt: "sco",
    sp: permissions,
    se: expiry,
    sig: sign(stringToSign, account.accountKey),
  }).toString();
}

function encodeBlobPath(blobName: string): string {
  return blobName.split("/").map(encodeURIComponent).join("/");
}

async function expectOk(response: Response, what: string, okStatuses: number[]): Promise<void> {
  if (!okStatuses.includes(response.status)) {
    const body = await response.text().catch(() => "");
    throw new Error(`${what}: HTTP ${response.status} ${body.slice(0, 500)}`);
  }
  await response.arrayBuffer().catch(() => undefined);
}

export async function createContainer(account: BlobAccount, container: string): Promise<void> {
  const url = `${account.blobEndpoint}/${container}?restype=container&${accountSasQuery(account)}`;
  const response = await fetch(url, { method: "PUT", headers: { "x-ms-version": SAS_VERSION } });
  // 409: already exists.
  await expectOk(response, `create container ${container}`, [201, 409]);
}

export async function putBlob(
  account: BlobAccount,
  container: string,
  blobName: string,
  bytes: Uint8Array,
  contentType = "application/zip",
): Promise<void> {
  const response = await fetch(blobSasUrl(account, container, blobName, "cw"), {
    method: "PUT",
    headers: {
      "x-ms-version": SAS_VERSION,
      "x-ms-blob-type": "BlockBlob",
      "content-type": contentType,
      "content-length": String(bytes.byteLength),
    },
    body: bytes,
  });
  await expectOk(response, `put blob ${blobName}`, [201]);
}

/** The bytes of a committed blob. */
export async function getBlob(account: BlobAccount, container: string, blobName: string): Promise<Buffer> {
  const response = await fetch(blobSasUrl(account, container, blobName, "r"), { headers: { "x-ms-version": SAS_VERSION } });
  if (response.status !== 200) await expectOk(response, `read blob ${blobName}`, [200]);
  return Buffer.from(await response.arrayBuffer());
}

/** Size in bytes of a committed blob, or null when it does not exist. */
export async function blobSize(account: BlobAccount, container: string, blobName: string): Promise<number | null> {
  const response = await fetch(blobSasUrl(account, container, blobName, "r"), {
    method: "HEAD",
    headers: { "x-ms-version": SAS_VERSION },
  });
  if (response.status === 404) return null;
  await expectOk(response, `inspect blob ${blobName}`, [200]);
  return Number(response.headers.get("content-length") ?? "0");
}

export async function deleteBlob(account: BlobAccount, container: string, blobName: string): Promise<void> {
  const response = await fetch(blobSasUrl(account, container, blobName, "d"), {
    method: "DELETE",
    headers: { "x-ms-version": SAS_VERSION },
  });
  await expectOk(response, `delete blob ${blobName}`, [202, 404]);
}
