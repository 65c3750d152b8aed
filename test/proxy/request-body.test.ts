import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { readRequestBody } from "../../src/proxy/request-body.js";

/** A server answering each request with what readRequestBody read of it (at most 10 bytes). */
async function withServer(fn: (post: (body: string | Buffer) => Promise<string>) => Promise<void>): Promise<void> {
  const server = http.createServer(async (req, res) => {
    const body = await readRequestBody(req, 10);
    res.end(body === null ? "too large" : `read ${body.length}: ${body.toString("utf8")}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const post = async (body: string | Buffer) => (await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body })).text();
  try {
    await fn(post);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

test("a request body is read whole up to the limit, the limit itself included", async () => {
  await withServer(async (post) => {
    assert.equal(await post(""), "read 0: ");
    assert.equal(await post("héllo"), "read 6: héllo");
    assert.equal(await post("0123456789"), "read 10: 0123456789");
  });
});

test("a request body over the limit is null, and the server still answers on the connection", async () => {
  await withServer(async (post) => {
    assert.equal(await post("0123456789a"), "too large");
    assert.equal(await post(Buffer.alloc(256 * 1024, 1)), "too large");
    assert.equal(await post("after"), "read 5: after");
  });
});
