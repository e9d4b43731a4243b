import { notifications } from '@mantine/notifications';
import { BackToDocumentationButton } from '../../components/record-actions';
import { useNavigate } from 'react-router';
import { TopicHelpCard } from '../../components/topic-help-card';
import { paths } from '../../config/paths';
import { routesQueryOptions } from '../../features/routes/api/routes';
import { useCreateTour } from '../../features/tours/api/tours';
import { TourEditor, type TourSaveInput } from '../../features/tours/components/tour-editor';
import { useTourSelectionStore } from '../../features/tours/tour-selection-store';
import { dataRoute, usePageQuery } from '../record-route';
import { useTitle } from '../use-title';

function NewTour() {
  useTitle('Tour erstellen');
  const navigate = useNavigate();
  const routes = usePageQuery(routesQueryOptions()).data;
  const create = useCreateTour();
  const discard = useTourSelectionStore((state) => state.discard);

  const save = async (input: TourSaveInput, discardDraft: () => void) => {
    try {
      const tour = await create.mutateAsync(input);
      discardDraft();
      notifications.show({ color: 'green', message: `Tour „${tour.name}“ erstellt.` });
      navigate(paths.tour(tour.id));
    } catch (error) {
      // Seed section 8: a failed tour creation is only logged. The name and the selection stay as they are.
      console.error('Tour konnte nicht erstellt werden', error);
    }
  };

  return (
    <TourEditor
      draftKey="new"
      heading="Tour erstellen"
      submitLabel="Tour erstellen"
      savedRoutes={[]}
      routes={routes}
      onSubmit={save}
      help={
        <TopicHelpCard title="Hilfe zu den Touren" url={paths.userDocumentation}>
          Eine Tour ist eine Zusammenstellung von mehreren Strecken. Durch eine Tour können Sie mehrere Strecken mit
          einem einzigen Klick in der Dokumentation erfassen. Eine Tour besteht aus mindestens zwei Strecken.
        </TopicHelpCard>
      }
      actions={
        <BackToDocumentationButton
          onClick={() => {
            discard('new');
            navigate(paths.documentation);
          }}
        />
      }
    />
  );
}

export const { clientLoader, ErrorBoundary, Component } = dataRoute({
  title: 'Tour erstellen',
  // The editor chooses among all routes.
  needs: () => [routesQueryOptions()],
  Page: NewTour,
});
