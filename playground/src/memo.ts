/**
 * A component that renders again only when a prop changed (by identity): Preact's core has no
 * memo, and preact/compat would bring much more than this.
 */
import { Component } from "preact";
import type { ComponentChild, FunctionComponent } from "preact";

export function memo<P extends object>(render: (props: P) => ComponentChild, name: string): FunctionComponent<P> {
  class Memo extends Component<P> {
    static override displayName = name;
    override shouldComponentUpdate(next: P): boolean {
      const prev = this.props as Record<string, unknown>;
      const keys = Object.keys(next);
      if (keys.length !== Object.keys(prev).length) return true;
      for (const k of keys) if (k !== "children" && prev[k] !== (next as Record<string, unknown>)[k]) return true;
      return false;
    }
    override render(props: P): ComponentChild {
      return render(props);
    }
  }
  return Memo as unknown as FunctionComponent<P>;
}
