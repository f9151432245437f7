// Entities (like Protégé): the class hierarchy with instance counts, the individuals of the
// selected class, and one individual's page with its values, usage and provenance, all of it
// editable. The entity on screen is part of the URL (#/entities?entity=IRI).
import '../../styles/entities.css';
import { useEffect, useState } from 'react';
import { api } from '../../api/connection';
import { useApp } from '../../state/app-store';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/icons';
import { useGraph } from '../graph/graph-store';
import { ClassTree } from './ClassTree';
import { EditBar } from './EditBar';
import { onEdited, undo } from './edits';
import { NewEntityDialog } from './EntityDialogs';
import { useEntities } from './entities-store';
import { EntityView } from './EntityView';
import { IndividualList } from './IndividualList';
import { useOntology } from './ontology-store';

export function EntitiesTab() {
  const entity = useApp((s) => s.entity);
  const graphVersion = useApp((s) => s.graphVersion);
  const openInEntities = useApp((s) => s.openInEntities);
  const setEntity = useApp((s) => s.setEntity);
  const classIri = useEntities((s) => s.classIri);
  const search = useEntities((s) => s.search);
  const detail = useEntities((s) => s.detail);
  const detailLoading = useEntities((s) => s.detailLoading);
  const detailError = useEntities((s) => s.detailError);
  const missing = useEntities((s) => s.missing);
  const [allCount, setAllCount] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);

  // The graph changed (an edit here or elsewhere, an import, extraction): reload what is shown.
  useEffect(() => {
    void useOntology.getState().load(graphVersion);
    void useEntities.getState().runList();
    void useEntities.getState().loadDetail(useApp.getState().entity, true);
    api()
      .listIndividuals({ limit: 1 })
      .then((r) => setAllCount(r.total))
      .catch(() => setAllCount(null));
  }, [graphVersion]);

  // Our own edits reload at once, without waiting for the engine's change event.
  useEffect(
    () =>
      onEdited(() => {
        void useOntology.getState().load(useApp.getState().graphVersion, true);
        void useEntities.getState().runList();
        void useEntities.getState().loadDetail(useApp.getState().entity, true);
      }),
    [],
  );

  useEffect(() => {
    const t = setTimeout(() => void useEntities.getState().runList(), search ? 150 : 0);
    return () => clearTimeout(t);
  }, [classIri, search]);

  useEffect(() => {
    void useEntities.getState().loadDetail(entity);
  }, [entity]);

  const showInGraph = (iri: string) => {
    useGraph.getState().growFrom({ kind: 'entity', iri }, detail?.label);
    useApp.getState().setTab('graph');
  };

  return (
    <div className="tab-panel entities-tab" data-testid="entities-tab">
      <div className="toolbar">
        <div className="toolbar-group">
          <button className="btn" onClick={() => setCreating(true)} data-testid="entities-new">
            <Icon name="plus" size={13} /> New entity
          </button>
        </div>
        <div className="toolbar-sep" />
        <EditBar tab="entities" />
        <span className="spacer" />
        <span className="toolbar-status faint">Edits are yours: kept apart from extraction, undoable, and never overwritten by it.</span>
      </div>
      <div className="split entities-split">
        <ClassTree allCount={allCount} />
        <IndividualList onNew={() => setCreating(true)} />
        <div className="pane entity-pane">
          {!entity ? (
            <EmptyState icon="entities" title="Pick an entity">
              <p>Choose a class on the left, then an entity, to see everything the memory knows about it, where it was said, and to fix it.</p>
            </EmptyState>
          ) : detailError ? (
            <div style={{ padding: 16 }}>
              <div className="error-inline">
                <Icon name="alert" />
                {detailError}
              </div>
            </div>
          ) : missing ? (
            <EmptyState icon="alert" title="This entity is gone" testId="entity-missing">
              <p>Nothing is said about it any more: it was deleted or merged into another entity.</p>
              <div className="row" style={{ marginTop: 8 }}>
                <button className="btn" onClick={() => void undo()}>
                  <Icon name="undo" size={13} /> Undo the last edit
                </button>
              </div>
            </EmptyState>
          ) : !detail || detailLoading ? (
            <div className="empty-state">
              <span className="spinner" />
            </div>
          ) : (
            <div className="entity-scroll">
              <EntityView
                detail={detail}
                onNavigate={openInEntities}
                onShowInGraph={showInGraph}
                onDeleted={() => setEntity(null)}
                onMerged={(keep) => openInEntities(keep)}
              />
            </div>
          )}
        </div>
      </div>
      {creating && (
        <NewEntityDialog
          classIri={classIri}
          onClose={() => setCreating(false)}
          onCreated={(iri) => {
            setCreating(false);
            openInEntities(iri);
          }}
        />
      )}
    </div>
  );
}
