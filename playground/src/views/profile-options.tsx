/** The options of a profile selector: the core alone, each shipped profile, the custom one. */
import { SHIPPED } from "../profile-choices.js";

export function ProfileOptions({ customName }: { customName: string | null }) {
  return (
    <>
      <option value="">core only (no profile)</option>
      {SHIPPED.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
      <option value="custom" disabled={customName === null}>
        {customName === null ? "custom (paste one under Legend)" : `custom: ${customName}`}
      </option>
    </>
  );
}
