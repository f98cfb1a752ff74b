import { Link } from "react-router-dom";
import { A, LegalLayout, P, SUPPORT_EMAIL, UL, type LegalSection } from "./legal-layout";

const sections: LegalSection[] = [
  {
    id: "acceptance",
    title: "Acceptance of these terms",
    body: (
      <P>
        By creating an account or using Brandpilot (the "Service") you agree to these Terms of Service and to our{" "}
        <A asChild>
          <Link to="/privacy">Privacy Policy</Link>
        </A>
        . If you use the Service on behalf of a company or other organisation, you confirm that you may accept these terms for it. If you do not agree, do not
        use the Service.
      </P>
    ),
  },
  {
    id: "eligibility",
    title: "Who may use Brandpilot",
    body: (
      <P>
        You must be at least 18 years old to create an account or use the Service. By using it you confirm that you are 18 or older and that you are allowed to
        enter into this agreement under the laws that apply to you.
      </P>
    ),
  },
  {
    id: "account",
    title: "Your account",
    body: (
      <>
        <P>
          You are responsible for your account: keep your password safe, give us a working email address, and tell us promptly at{" "}
          <A href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</A> if you think someone else has used it. You are responsible for what happens in your account,
          including posts published through it.
        </P>
        <P>One person may not share an account with others, and you may not create accounts by automated means.</P>
      </>
    ),
  },
  {
    id: "service",
    title: "What the Service does",
    body: (
      <>
        <P>
          Brandpilot stores the brand documents and text you give it (your "brain"), uses them to suggest and generate social media posts and campaigns, lets
          you schedule posts on a calendar, and publishes them to the social accounts you connect.
        </P>
        <P>
          Generated content is produced automatically and may be inaccurate, incomplete or unsuitable. You are responsible for reviewing every post before it is
          scheduled or published. Scheduled posts are published at the time you choose, but publication depends on the social platforms and may be delayed or
          fail; failures are shown to you in the Service.
        </P>
      </>
    ),
  },
  {
    id: "content",
    title: "Your content",
    body: (
      <>
        <P>
          You keep all rights to the documents, text, images and posts you add to Brandpilot and to the content generated for you. You give us a limited licence
          to store, copy, process and transmit that content only as needed to run the Service for you: for example to build your brain, to generate posts, and
          to send posts to the platforms you tell us to publish to.
        </P>
        <P>
          You confirm that you have the rights to everything you upload or ask us to publish, and that it does not infringe anyone's intellectual property,
          privacy or other rights.
        </P>
      </>
    ),
  },
  {
    id: "social-accounts",
    title: "Connected social accounts",
    body: (
      <P>
        When you connect a social account, you authorise Brandpilot to publish posts to it on your behalf, at the times you schedule or when you choose "Post
        Now". You must follow the terms and policies of each platform. You can disconnect an account at any time on the Social Accounts screen; disconnecting
        removes its scheduled posts and our access tokens for it.
      </P>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <>
        <P>You agree not to use the Service to:</P>
        <UL>
          <li>publish spam, misleading content, or content that is unlawful, hateful, harassing or sexually explicit;</li>
          <li>infringe the intellectual property or privacy rights of others, or impersonate any person or brand;</li>
          <li>upload malware, or try to break, probe or overload the Service or other users' data;</li>
          <li>scrape or import web pages you are not allowed to use;</li>
          <li>break the rules of any social platform you publish to, or any law that applies to you.</li>
        </UL>
        <P>We may remove content or suspend accounts that break these rules.</P>
      </>
    ),
  },
  {
    id: "third-parties",
    title: "Third-party services",
    body: (
      <P>
        The Service relies on third parties, including social platforms, AI model providers, email delivery and cloud hosting. Their services are governed by
        their own terms. We are not responsible for changes to, or outages of, services we do not control.
      </P>
    ),
  },
  {
    id: "changes-availability",
    title: "Availability and changes to the Service",
    body: (
      <P>
        We work to keep Brandpilot available and reliable but do not guarantee uninterrupted service. We may change, add or remove features. If we make a change
        that materially reduces what you can do, we will tell you in advance where reasonably possible.
      </P>
    ),
  },
  {
    id: "termination",
    title: "Ending your use",
    body: (
      <P>
        You can stop using the Service at any time and delete your account in Settings &gt; "Delete Account", which removes your data as described in the{" "}
        <A asChild>
          <Link to="/privacy#data-deletion">Privacy Policy</Link>
        </A>
        . We may suspend or close accounts that break these terms, with notice where the law requires it.
      </P>
    ),
  },
  {
    id: "liability",
    title: "Disclaimers and limitation of liability",
    body: (
      <>
        <P>
          The Service is provided "as is" and "as available". To the fullest extent the law allows, we disclaim all warranties, express or implied, including
          fitness for a particular purpose and non-infringement.
        </P>
        <P>
          To the fullest extent the law allows, Brandpilot is not liable for indirect, incidental or consequential losses, or for lost profits, revenue, data or
          reputation, arising from your use of the Service. Nothing in these terms limits liability that cannot be limited by law.
        </P>
      </>
    ),
  },
  {
    id: "changes-terms",
    title: "Changes to these terms",
    body: (
      <P>
        We may update these terms. The date at the top of this page shows when they were last updated. If a change is significant, we will notify you by email
        or in the Service before it takes effect. Continuing to use the Service after that means you accept the updated terms.
      </P>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <P>
        Questions about these terms: <A href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</A>.
      </P>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalLayout
      title="Terms of Service"
      intro={
        <P>
          These terms govern your use of Brandpilot, a service that learns your brand from your own documents, generates social media posts and campaigns, and
          schedules and publishes them to your connected accounts. Please read them carefully.
        </P>
      }
      sections={sections}
    />
  );
}
