/** The Dashboard: its panels, Quick Steps, the tutorial, Support and the Theme setup card. Client-safe; every on-screen text is in app/messages/ (import it from "~/messages"). */
import { ACTION_TEXT, andList, orList } from "./shared";
import { enabledPlatformNames } from "~/contracts/platforms";
import { LAYOUT_TYPES } from "~/contracts/widget-layouts";
import { LAYOUTS } from "./widgets";

/** The Dashboard's texts (spec 2, "Dashboard"). */
/** Issue 15 item 22: the Dashboard's theme setup card (app.extensions()). */
export const THEME_STATUS_TEXT = {
  title: "Theme setup",
  intro: "What your widgets need in your live theme:",
  checking: "Checking your live theme…",
  failed: "Your live theme could not be checked. Open the theme editor to see your app embeds and blocks.",
  embed: (name: string) => `App embed: ${name}`,
  block: (name: string, page: string) => `App block: ${name} on ${page}`,
  active: "Active",
  inactive: "Not active",
  activateEmbed: "Activate",
  addBlock: "Add block",
  // Starts with the button's own words (what a voice user says to press it), then what it fixes.
  fixLabel: (action: string, piece: string) => `${action}: ${piece}`,
  checkAgain: "Check again",
  /** Issue 29 item 2: per widget and page, from the theme's files. */
  widgetsIntro: "Where your live theme shows each widget:",
  widgetHeading: (name: string, number: number) => `${name} (#${number})`,
  live: "Live",
  missing: "Not added",
  replaced: (name: string, number: number) => `Shows "${name}" (#${number}) instead`,
};

export const DASHBOARD_TEXT = {
  support: "Support",
  helpGuide: "Help Guide",
  supportChatMissing: "Support chat is not available: its widget has not loaded.",
  /** Support's dialog when there is no chat to open (decision 069). */
  supportTitle: "Contact support",
  supportBody: "Write to us and we'll get back to you by email. Tell us your store's name and what you were trying to do.",
  supportEmail: (email: string) => `Email ${email}`,
  supportGuide: "Many answers are in the Help Guide.",
  tutorialTitle: "Watch the tutorial",
  tutorialBody: "See how to import videos, approve them and show them on your store.",
  tutorialPlay: "Play tutorial video",
  captionsLabel: "English",
  tutorialUnavailable: "The tutorial video could not be loaded. Please try again later, or open the Help Guide.",
  overview: "Performance Overview",
  totalVideos: "Total Videos",
  activeWidgets: "Active Widgets",
  totalClicks: "Total Clicks",
  productsTagged: "Products Tagged",
  publishedCount: (count: number) => `${count} published`,
  deployedOnStore: "deployed on store",
  videoEngagements: "video engagements",
  videosWithProducts: "videos with products",
  welcomeTitle: "Welcome to Clipcart",
  welcomeBody: `Turn your ${andList(enabledPlatformNames())} videos into shoppable widgets on your store.`,
  addFirstVideos: "Add Your First Videos",
  gettingStarted: "Getting Started",
  gettingStartedSteps: [
    { title: "Add videos", body: `Import videos from ${orList(enabledPlatformNames())}.` },
    { title: "Moderate content", body: "Approve the videos you want shoppers to see and tag your products." },
    { title: "Create widget", body: `Choose a ${orList(LAYOUT_TYPES.map((layout) => LAYOUTS[layout].name))} widget and where it appears.` },
    { title: "Embed on store", body: "Add the widget to your theme from the theme editor." },
  ],
  createWidgetTitle: "Your videos are ready",
  createWidgetBody: "Create a widget to show your approved videos on your store.",
  /** The same panel while no video is approved yet: widgets show approved videos only. */
  createWidgetBodyNoneApproved: "Approve the videos you want shoppers to see in the Video Library, and create a widget to show them on your store.",
  createWidget: ACTION_TEXT.createWidget,
  manageVideos: "Manage Videos",
  allSetTitle: "You're all set",
  allSetBody: "Your videos are live on your store. Keep your library fresh and watch what shoppers click.",
  /** Issue 29 item 2: widgets exist, but the theme does not show each on every page it is for. */
  finishSetupTitle: "Finish adding your widgets to your theme",
  finishSetupBody: "Some pages your widgets are for do not show them yet. Theme setup above says where, with a link that adds each one.",
  active: "Active",
  manageWidgets: "Manage Widgets",
  viewAnalytics: "View Analytics",
  quickSteps: "Quick Steps",
  quickStepItems: {
    videosAdded: "Videos added",
    videosEnabled: "Videos approved",
    widgetCreated: "Widget created",
    embedded: "Widget embedded on your store",
  },
  stepDone: "Done",
  stepToDo: "To do",
} as const;
