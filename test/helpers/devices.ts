// The devices every op suite runs on. NT_DEVICES=cpu,webgpu selects them; on CI a requested device that is
// missing is a failure, not a skip (WEBGPU_REQUIRED=1).
import { getDevice, setDevice } from "../../src/index.js";

export const deviceNames: string[] = (process.env.NT_DEVICES ?? "cpu").split(",").filter(Boolean);

/** Makes `name` the default device for the tensors a test creates. */
export async function useDevice(name: string): Promise<void> {
  await setDevice(await getDevice(name));
}
