/**
 * The building blocks of the executor settings tables (src/executors/<id>/settings.ts, gathered by
 * src/wave/executor-vocabulary.ts): value schemas, how a wave file writes a value, and one
 * constructor per kind of field. Imports nothing of the project.
 */
import { z } from "zod";

/* ------------------------------------------------------------------ value primitives */

const noNul = (v: string) => !v.includes("\u0000");
/** A string of the config file: never a NUL character. */
export const Str = z.string().refine(noNul, { message: "must not contain NUL characters" });
/** A command as one string (split into words like a shell would, never run by one) or an argv array. */
export const CommandSchema = z.union([Str, z.array(Str).min(1)]);
/** One string or a list of them (a single string is a one-item list). */
export const StrOrList = z.union([Str, z.array(Str)]);
export const StrArray = z.array(Str);
export const JsonObjectSchema = z.record(z.string(), z.unknown());
export const EnvNameSchema = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { message: "is not an environment variable name" });

/* ------------------------------------------------------------------ field kinds */

/** How a value is written in a `### Executor` line (see parseValue in executor-settings.ts). */
export type ValueKind =
  | { t: "executor" }
  | { t: "executors" }
  | { t: "string"; noDash?: boolean; lower?: boolean }
  | { t: "enum"; values: readonly string[] }
  | { t: "bool" }
  | { t: "posInt" }
  | { t: "posNumber" }
  | { t: "list"; noDash?: boolean }
  | { t: "envNames" }
  | { t: "hosts" }
  | { t: "argv" }
  | { t: "json"; object: boolean }
  | { t: "budget" };

export interface FieldOptions {
  wave?: false;
  laneOnly?: true;
  default?: unknown;
  inert?: string;
  waveAliases?: readonly string[];
}

/** A field declared without options. */
type NoOptions = Record<never, never>;

export interface FieldSpec<C extends z.ZodType = z.ZodType, V extends z.ZodType = z.ZodType> extends FieldOptions {
  kind: ValueKind;
  config: C;
  value: V;
}

export function field<C extends z.ZodType, V extends z.ZodType, O extends FieldOptions = NoOptions>(
  kind: ValueKind,
  config: C,
  value: V,
  options?: O,
) {
  return { kind, config, value, ...(options ?? ({} as O)) };
}

/** An argv: a string (split into words) or an array in the config; an argv array after. */
export const argv = <O extends FieldOptions = NoOptions>(o?: O) => field({ t: "argv" }, CommandSchema, z.array(z.string()), o);
/** A string that ends up in argv as an option's value: must not start with `-` in a wave file. */
export const text = <O extends FieldOptions = NoOptions>(o?: O) => field({ t: "string", noDash: true }, Str, z.string(), o);
export const oneOf = <const E extends readonly [string, ...string[]], O extends FieldOptions = NoOptions>(values: E, o?: O) =>
  field({ t: "enum", values }, z.enum(values), z.enum(values), o);
export const flag = <O extends FieldOptions = NoOptions>(o?: O) => field({ t: "bool" }, z.boolean(), z.boolean(), o);
export const count = <O extends FieldOptions = NoOptions>(o?: O) =>
  field({ t: "posInt" }, z.number().int().positive(), z.number().int().positive(), o);
/**
 * A list: comma-separated in a wave file; in the config one string or an array (`list`) or an
 * array only (`array`). Items must not start with `-` in a wave file unless `dashOk`.
 */
type ListOptions = FieldOptions & { dashOk?: true };
const listKind = (o: ListOptions | undefined): ValueKind => ({ t: "list", noDash: o?.dashOk !== true });
export const list = <O extends ListOptions = NoOptions>(o?: O) => field(listKind(o), StrOrList, z.array(z.string()), withoutDashOk(o));
export const array = <O extends ListOptions = NoOptions>(o?: O) => field(listKind(o), StrArray, z.array(z.string()), withoutDashOk(o));
function withoutDashOk<O extends ListOptions>(o: O | undefined): O {
  const { dashOk: _, ...rest } = o ?? ({} as O);
  return rest as O;
}
export const envNames = <O extends FieldOptions = NoOptions>(o?: O) =>
  field({ t: "envNames" }, z.array(EnvNameSchema), z.array(z.string()), o);
export const jsonObject = <O extends FieldOptions = NoOptions>(o?: O) =>
  field({ t: "json", object: true }, JsonObjectSchema, z.record(z.string(), z.unknown()), o);
export const anyJson = <O extends FieldOptions = NoOptions>(o?: O) => field({ t: "json", object: false }, z.unknown(), z.unknown(), o);

/** The lane's model of one CLI: config only, and the resolved executor's `model`, not a CLI setting. */
export const laneModel = () => text({ wave: false, laneOnly: true });
