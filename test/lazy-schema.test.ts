/**
 * lazySchema (src/lazy-schema.ts): a schema built on first use behaves as the schema itself —
 * parsing, errors, composition into other schemas, `instanceof` — and is built once, only when
 * something of it is read.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { z } from "zod";
import { lazySchema } from "../src/lazy-schema.js";

const direct = () => z.object({ id: z.string().regex(/^A\d+$/), count: z.number().int().nonnegative().optional() });

test("a lazy schema is built only when something of it is read, and only once", () => {
  let builds = 0;
  const Lazy = lazySchema(() => {
    builds++;
    return direct();
  });
  const Outer = lazySchema(() => z.object({ agent: Lazy }));
  assert.equal(builds, 0);
  assert.deepEqual(Outer.parse({ agent: { id: "A1" } }), { agent: { id: "A1" } });
  assert.equal(builds, 1);
  assert.deepEqual(Lazy.parse({ id: "A2", count: 3 }), { id: "A2", count: 3 });
  assert.equal(Lazy.safeParse({ id: "B" }).success, false);
  assert.equal(builds, 1);
});

test("a lazy schema parses and fails exactly as the schema it stands for", () => {
  const Lazy = lazySchema(direct);
  const Eager = direct();
  for (const value of [{ id: "A7" }, { id: "A7", count: 2 }, { id: "x" }, { id: "A1", count: -1 }, { count: 1 }, null, "A1"]) {
    const a = Lazy.safeParse(value);
    const b = Eager.safeParse(value);
    assert.equal(a.success, b.success, JSON.stringify(value));
    assert.deepEqual(a.success ? a.data : a.error.issues, b.success ? b.data : b.error.issues, JSON.stringify(value));
  }
  assert.throws(
    () => Lazy.parse({ id: "nope" }),
    (e: unknown) => e instanceof z.ZodError && e.issues[0]?.path[0] === "id",
  );
});

test("a lazy schema composes: members, extend, optional, shape, enum options, instanceof", () => {
  const Lazy = lazySchema(direct);
  const Kind = lazySchema(() => z.enum(["a", "b"]));
  const Extended = lazySchema(() => Lazy.extend({ kind: Kind }));
  assert.deepEqual(Extended.parse({ id: "A3", kind: "b" }), { id: "A3", kind: "b" });
  assert.equal(Extended.safeParse({ id: "A3", kind: "c" }).success, false);
  assert.deepEqual(Object.keys(Lazy.shape), ["id", "count"]);
  assert.deepEqual(Kind.options, ["a", "b"]);
  assert.equal(Lazy.optional().parse(undefined), undefined);
  assert.deepEqual(z.array(Lazy).parse([{ id: "A1" }, { id: "A2" }]), [{ id: "A1" }, { id: "A2" }]);
  assert.ok(Lazy instanceof z.ZodObject);
  assert.ok(!(Kind instanceof z.ZodObject));
  const inferred: z.infer<typeof Lazy> = { id: "A9" };
  assert.equal(Lazy.parse(inferred).id, "A9");
});
