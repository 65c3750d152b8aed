/**
 * Schemas built on first use. Building a zod schema costs far more than declaring it: a module of
 * a few dozen `z.object(...)` takes milliseconds to load, and a command loads many such modules
 * of which it uses few (a `wave run` never parses a control request unless an agent sends one).
 * `lazySchema(() => z.object(...))` stands for the schema the function builds: the same name, the
 * same type (`z.infer<typeof X>` as before), the same behaviour, and it is built the first time
 * anything of it is read (`X.parse`, `X.shape`, being a member of another schema that is used).
 *
 * What stands in is a Proxy that forwards every operation to the built schema, so a schema built
 * from lazy ones (`z.object({ a: A })`, `A.extend(...)`) builds them when it is itself used. zod
 * reaches a schema only through its properties (`_zod`; `instanceof` is `Symbol.hasInstance` on
 * `_zod.traits`), and its methods called on the stand-in (`X.parse`, `X.optional()`) get it as
 * `this` and read the schema through it, so the stand-in is the schema to zod. Only identity
 * differs: the stand-in is not `===` the built schema (no code compares schemas by identity).
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => {
    built ??= build();
    return built;
  };
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(schema(), key),
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    has: (_target, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // A stand-in's target has no properties: what it reports must be configurable (Proxy invariant).
      return descriptor ? { ...descriptor, configurable: true } : undefined;
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
