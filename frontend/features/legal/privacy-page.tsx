import { Box, Text } from "@chakra-ui/react";
import { Link } from "react-router-dom";
import { A, LegalLayout, P, PRIVACY_EMAIL, UL, type LegalSection } from "./legal-layout";

const sections: LegalSection[] = [
  {
    id: "who-we-are",
    title: "Who we are",
    body: (
      <P>
        Brandpilot ("we", "us") provides a service that turns your brand documents into social media posts and publishes them to the accounts you connect. We
        are the controller of the personal data described in this policy. You can reach us about privacy at{" "}
        <A href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</A>.
      </P>
    ),
  },
  {
    id: "data-we-collect",
    title: "Data we collect",
    body: (
      <UL>
        <li>
          <strong>Account data:</strong> your email address and a salted hash of your password (we never store the password itself), or the identifier of your
          sign-in provider if you sign in with Google.
        </li>
        <li>
          <strong>Project data:</strong> project names, industry, brand voice and description.
        </li>
        <li>
          <strong>Brand content:</strong> documents you upload, text you type and pages you ask us to import, plus what we derive from them (summaries, topics,
          insights and search indexes).
        </li>
        <li>
          <strong>Posts:</strong> the content, hashtags, images and schedules of posts you create or generate, and their publishing status.
        </li>
        <li>
          <strong>Connected accounts:</strong> the platform, account name and identifiers, and access tokens that let us publish for you. Tokens are stored
          encrypted and are never shown in the app.
        </li>
        <li>
          <strong>Technical data:</strong> IP address and request logs kept for security, rate limiting and troubleshooting.
        </li>
      </UL>
    ),
  },
  {
    id: "how-we-use",
    title: "How we use your data",
    body: (
      <>
        <UL>
          <li>to provide the Service: build your brand brain, generate and schedule posts, and publish them when you ask;</li>
          <li>to keep your account secure, prevent abuse and fix problems;</li>
          <li>to send you service emails such as sign-in links and password resets.</li>
        </UL>
        <P>
          We process your data to perform our contract with you and, for security and abuse prevention, on the basis of our legitimate interests. We do not sell
          your data, do not use it for advertising, and do not use your content to train AI models.
        </P>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Who we share it with",
    body: (
      <>
        <P>We share data only as needed to run the Service:</P>
        <UL>
          <li>
            <strong>Social platforms</strong> you connect receive the posts and images you publish to them.
          </li>
          <li>
            <strong>AI providers</strong>, when enabled, receive the text needed to generate posts or answers; they process it on our behalf.
          </li>
          <li>
            <strong>Infrastructure providers</strong> that host the Service, store files and deliver email for us.
          </li>
          <li>
            <strong>Authorities</strong>, when the law requires it.
          </li>
        </UL>
      </>
    ),
  },
  {
    id: "security",
    title: "How we protect it",
    body: (
      <P>
        Data travels over HTTPS. Passwords are hashed, social access tokens are encrypted at rest, and every request is checked so that you can only reach your
        own projects. Sessions use a secure, HTTP-only cookie that you can end at any time by logging out.
      </P>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: (
      <P>
        We keep your data while your account exists. When you delete a document, post or connected account, it is removed from the Service. When you delete your
        account, everything is deleted as described below. Security logs are kept for a short period and then discarded.
      </P>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    body: (
      <P>
        Depending on where you live, you may have the right to access, correct, export or delete your personal data, to object to or restrict its processing,
        and to complain to a data protection authority. Most of this you can do yourself in the app; for anything else write to{" "}
        <A href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</A>.
      </P>
    ),
  },
  {
    id: "data-deletion",
    title: "Data deletion",
    body: (
      <>
        <P>You can have all of your data deleted in either of two ways:</P>
        <Box as="ol" ps="5" mb="3" listStyleType="decimal" lineHeight="tall">
          <li>
            <strong>In the app:</strong> open Settings and choose <strong>"Delete Account"</strong>. After you confirm, your account, projects, brand documents
            and everything derived from them, posts, uploaded images and connected social accounts (including their access tokens) are deleted.
          </li>
          <li>
            <strong>By email:</strong> write to <A href={`mailto:${PRIVACY_EMAIL}?subject=Data%20deletion%20request`}>{PRIVACY_EMAIL}</A> from the email address
            of your account and ask us to delete your data.
          </li>
        </Box>
        <P>
          Deletion requests are processed within 30 days. Posts that were already published stay on the social platforms, which we do not control; delete them
          there if you wish. You can also revoke Brandpilot's access in each platform's own settings.
        </P>
      </>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: (
      <P>
        Brandpilot is not for anyone under 18. We do not knowingly collect data from minors; if you believe a minor has created an account, contact us and we
        will delete it.
      </P>
    ),
  },
  {
    id: "cookies",
    title: "Cookies and local storage",
    body: (
      <P>
        We use one essential cookie to keep you signed in, and your browser's local storage for interface preferences such as whether the side navigation is
        collapsed. We use no advertising or cross-site tracking cookies.
      </P>
    ),
  },
  {
    id: "transfers",
    title: "International transfers",
    body: (
      <P>
        Our providers may process data in other countries. Where the law requires it, we rely on appropriate safeguards such as standard contractual clauses.
      </P>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <P>
        We may update this policy; the date at the top shows the latest version. We will tell you about significant changes by email or in the app. Our{" "}
        <A asChild>
          <Link to="/terms">Terms of Service</Link>
        </A>{" "}
        describe the rules for using Brandpilot.
      </P>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      intro={
        <Text mb="3" lineHeight="tall">
          This policy explains what personal data Brandpilot collects, why, who we share it with, and how you can have it deleted. The short version: your brand
          content is used only to run the service for you, and you can delete everything at any time.
        </Text>
      }
      sections={sections}
    />
  );
}
