// The compared entities, shared through context so the one component that renders text (Highlighted) colours every
// mention without each lane passing them down. Hover and focus state live in the popover, not here: a hover must
// not re-render every piece of text.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
// Types only: the module that computes them romanizes names with large tables the webview must not bundle.
import type { ComparedEntities, ComparedEntity, ComparedEntityWarning } from '../../src/core/entities/compareEntities';
import { EntityPopover } from './components/EntityPopover';
import { entityMatcher, NO_ENTITY_MATCHER, type EntityMatcher } from './model/entityMatcher';
import './entities.css';

export interface EntityView {
  entities: ComparedEntities;
  matcher: EntityMatcher;
  byId: ReadonlyMap<string, ComparedEntity>;
  warningsOf(entity: string): ComparedEntityWarning[];
}

const NO_ENTITIES: EntityView = {
  entities: { entities: [], warnings: [], omittedEntities: 0, omittedWarnings: 0 },
  matcher: NO_ENTITY_MATCHER,
  byId: new Map(),
  warningsOf: () => [],
};

// Text outside the compare view (or before any state) is simply not coloured.
const EntityContext = createContext<EntityView>(NO_ENTITIES);

export function EntityProvider({ entities, children }: { entities: ComparedEntities; children: ReactNode }) {
  const value = useMemo(
    (): EntityView => ({
      entities,
      matcher: entityMatcher(entities),
      byId: new Map(entities.entities.map((e) => [e.id, e])),
      warningsOf: (entity) => entities.warnings.filter((w) => w.entity === entity),
    }),
    [entities],
  );
  return (
    <EntityContext.Provider value={value}>
      {children}
      <EntityPopover view={value} />
    </EntityContext.Provider>
  );
}

export function useEntities(): EntityView {
  return useContext(EntityContext);
}
