// A kind's arguments as a program gives them, taken from its shape (the zod schemas the provider
// checks inputs with), for the Organization component's children. The dynamic SDK declares the
// same as plain interfaces (sdk/types, generated), which test/sdk/shapes.test.ts holds equal.
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";

type Parts<T> = [T] extends [readonly (infer E)[]] ? InputOf<E>[] : [T] extends [Record<string, unknown>] ? { [K in keyof T]: InputOf<Exclude<T[K], undefined>> } : T;

/** A value as a program may give it: the value, each of its elements and properties too, may be an Output or a promise. */
export type InputOf<T> = pulumi.Input<Parts<T>>;

/** A resource's arguments: what its input schema accepts (`z.input`), each property a Pulumi Input. */
export type ArgsOf<S extends z.ZodType> = { [K in keyof z.input<S>]: InputOf<Exclude<z.input<S>[K], undefined>> };
