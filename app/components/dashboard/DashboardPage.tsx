import type { ReactNode } from "react";
import { useNavigate } from "@remix-run/react";
import { HELP_GUIDE_URL } from "~/constants";
import { goBackOrToAdmin } from "~/browser/back-navigation";
import { ACTION_TEXT, DASHBOARD_TEXT, PAGE_TITLES } from "~/messages";
import { AppPage } from "~/components/AppPage";

/**
 * The Dashboard's page (spec 2): its title, back action, Support and Help
 * Guide. The page and its loading skeleton share it, so the title and the
 * back arrow stand where they will stay while the data loads (decision 069).
 * Without `onSupport` (loading) Support is disabled; `onBack` replaces the
 * back action's usual way back (the skeleton's, while the Dashboard is not yet
 * in the history).
 */
export function DashboardPage({ onSupport, onBack, children }: { onSupport?: () => void; onBack?: () => void; children?: ReactNode }) {
  const navigate = useNavigate();
  return (
    <AppPage
      title={PAGE_TITLES.dashboard}
      backAction={{ content: ACTION_TEXT.back, onAction: onBack ?? (() => goBackOrToAdmin(() => navigate(-1))) }}
      secondaryActions={[
        { content: DASHBOARD_TEXT.support, onAction: onSupport, disabled: !onSupport },
        { content: DASHBOARD_TEXT.helpGuide, url: HELP_GUIDE_URL, target: "_blank" },
      ]}
    >
      {children}
    </AppPage>
  );
}
