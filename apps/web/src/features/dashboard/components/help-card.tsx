import { TopicHelpCard } from '../../../components/topic-help-card';

/** "Hilfe erhalten": the way to the user documentation. */
export function HelpCard({ userDocumentationUrl }: { userDocumentationUrl: string }) {
  return (
    <TopicHelpCard title="Hilfe erhalten" url={userDocumentationUrl}>
      Sie benötigen Hilfe oder haben Fragen? In der Anwenderdokumentation finden Sie Anleitungen zu allen Funktionen.
    </TopicHelpCard>
  );
}
