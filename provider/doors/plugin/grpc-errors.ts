// How a failure of the core reaches the engine: its message as the status, and, for a resource
// created but not finished, the id and properties the engine must record (ErrorResourceInitFailed).
import * as grpc from "@grpc/grpc-js";
import * as anyProto from "google-protobuf/google/protobuf/any_pb";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import * as statusProto from "@pulumi/pulumi/proto/status_pb";
import { ResourceInitError } from "../../kit/errors";
import { toStruct } from "./struct";

export function grpcErrorOf(error: unknown): Partial<grpc.StatusObject> {
  const message = error instanceof Error ? error.message : String(error);
  const metadata = new grpc.Metadata();
  if (error instanceof ResourceInitError) {
    const detail = new providerProto.ErrorResourceInitFailed();
    detail.setId(error.id);
    detail.setProperties(toStruct(error.properties));
    detail.setReasonsList(error.reasons);
    const packed = new anyProto.Any();
    packed.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusProto.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(packed);
    // The engine reads structured details from this header, as Go gRPC servers send them.
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return { code: grpc.status.UNKNOWN, details: message, metadata };
}
