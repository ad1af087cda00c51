import { useEffect, useState, type CSSProperties } from 'react';
import type { EntityPlace } from '../../../src/core/entities/compareEntities';
import type { EntityView } from '../entityContext';
import * as l10n from '@vscode/l10n';

/** Id the coloured mentions point at with aria-describedby: one popover describes whichever mention is shown. */
export const ENTITY_POPOVER_ID = 'entity-popover';
const WIDTH = 420;
const GAP = 4;

interface Shown {
  entity: string;
  anchor: DOMRect;
}

function mentionOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>('[data-entity]') : null;
}

function placeText({ side, step, field }: EntityPlace): string {
  return step === null ? `${side} ${field}` : `${side} #${step} ${field}`;
}

/** Below the mention, or above it in the lower half of the view; never past the right edge. */
function position(anchor: DOMRect): CSSProperties {
  const left = Math.max(GAP, Math.min(anchor.left, window.innerWidth - WIDTH - GAP));
  return anchor.bottom < window.innerHeight / 2
    ? { left, top: anchor.bottom + GAP, maxWidth: WIDTH }
    : { left, bottom: window.innerHeight - anchor.top + GAP, maxWidth: WIDTH };
}

/**
 * All forms of the entity under the pointer or keyboard focus, and where each occurs. Listens on the document so the
 * mentions themselves carry no handlers (there are thousands in a long run).
 */
export function EntityPopover({ view }: { view: EntityView }) {
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    const show = (event: Event) => {
      const mention = mentionOf(event.target);
      const entity = mention?.dataset.entity;
      if (!mention || !entity) return;
      const anchor = mention.getBoundingClientRect();
      // Moving over the text inside one mention changes nothing.
      setShown((prev) => (prev?.entity === entity && prev.anchor.top === anchor.top && prev.anchor.left === anchor.left ? prev : { entity, anchor }));
    };
    const leave = (event: MouseEvent | FocusEvent) => {
      const mention = mentionOf(event.target);
      if (mention && !mention.contains(event.relatedTarget as Node | null)) setShown(null);
    };
    const hide = () => setShown(null);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('mouseover', show);
    document.addEventListener('focusin', show);
    document.addEventListener('mouseout', leave);
    document.addEventListener('focusout', leave);
    document.addEventListener('keydown', onKey);
    // The popover is placed for where the mention was: scrolling moves the mention away.
    document.addEventListener('scroll', hide, true);
    return () => {
      document.removeEventListener('mouseover', show);
      document.removeEventListener('focusin', show);
      document.removeEventListener('mouseout', leave);
      document.removeEventListener('focusout', leave);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('scroll', hide, true);
    };
  }, []);

  const entity = shown === null ? undefined : view.byId.get(shown.entity);
  if (!shown || !entity) return null;
  const warnings = view.warningsOf(entity.id);
  const formCount = entity.forms.length + entity.moreForms;
  return (
    <div id={ENTITY_POPOVER_ID} role="tooltip" className="entity-popover" style={position(shown.anchor)}>
      <div className="entity-popover-head">
        <span className={`entity-swatch entity--slot-${entity.slot}`} />
        {entity.forms[0]?.text ?? entity.id} · {formCount === 1 ? l10n.t('1 form') : l10n.t('{0} forms', formCount)}
      </div>
      <ul className="entity-forms">
        {entity.forms.map((form) => (
          <li key={form.text} className="entity-form">
            <span className="entity-form-script">{form.script}</span> <span className="entity-form-text">{form.text}</span>
            <span className="entity-form-places">
              {form.where.map(placeText).join(' · ')}
              {form.morePlaces > 0 && ` ${l10n.t('(+{0} more)', form.morePlaces)}`}
            </span>
          </li>
        ))}
      </ul>
      {entity.moreForms > 0 && <div className="entity-popover-more">{l10n.t('+{0} more forms', entity.moreForms)}</div>}
      {entity.linkedBy !== undefined && <div className="entity-popover-more">{l10n.t('linked by {0}', entity.linkedBy.join('; '))}</div>}
      {warnings.map((w) => (
        <div key={`${w.side}:${w.step}`} className="entity-popover-warning">
          {w.side} #{w.step}: {w.message}
        </div>
      ))}
    </div>
  );
}
