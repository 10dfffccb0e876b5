// A kind's arguments and outputs as a program sees them, taken from its shape (the zod schemas the
// provider checks inputs and stores state with), so that the two cannot differ: the dynamic SDK's
// classes and the Organization component's children use them. The descriptions of each property
// are in the shape (`.meta`), and so in the package schema.
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";

type Parts<T> = [T] extends [readonly (infer E)[]] ? InputOf<E>[] : [T] extends [Record<string, unknown>] ? { [K in keyof T]: InputOf<T[K]> } : T;

/** A value as a program may give it: the value, each of its elements and properties too, may be an Output or a promise. */
export type InputOf<T> = pulumi.Input<Parts<T>>;

/** A resource's arguments: what its input schema accepts (`z.input`), each property a Pulumi Input. */
export type ArgsOf<S extends z.ZodType> = { [K in keyof z.input<S>]: InputOf<Exclude<z.input<S>[K], undefined>> };

/** A resource's outputs: each property of its state (`z.output`), as an Output (of undefined where the state may lack it). */
export type OutputsOf<S extends z.ZodType> = { readonly [K in keyof z.output<S>]-?: pulumi.Output<z.output<S>[K]> };
