/**
 * The options of a profile selector: the core alone, each shipped profile, the custom one. Until a
 * valid custom profile is given, its option says where one is pasted, as seen from the selector's
 * tab (`pasteAt`): the Legend tab's Custom profile section.
 */
import { SHIPPED } from "../profile-choices.js";

export function ProfileOptions({ customName, pasteAt }: { customName: string | null; pasteAt: string }) {
  return (
    <>
      <option value="">core only (no profile)</option>
      {SHIPPED.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
      <option value="custom" disabled={customName === null}>
        {customName === null ? `custom (paste one under ${pasteAt})` : `custom: ${customName}`}
      </option>
    </>
  );
}
