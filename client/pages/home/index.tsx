import { useEffect } from "react";
import { useLocationProperty } from "wouter/use-browser-location";
import { Container } from "@mantine/core";
import { PaymentMethods } from "../../components/PaymentMethods";
import { PublicLayout } from "../../layout/PublicLayout";
import { BranchesSection } from "./BranchesSection";
import { ContactSection } from "./ContactSection";
import { FaqSection } from "./FaqSection";
import { FunctionsSection } from "./FunctionsSection";
import { HeroSection } from "./HeroSection";
import { ServicesSection } from "./ServicesSection";
import { TeamSection } from "./TeamSection";

/**
 * The navigation links to "/#branches" etc. go through history.pushState, which does not
 * scroll by itself (and the page is lazy-loaded), so scroll to the anchor when the hash changes.
 */
function useScrollToHash() {
  const hash = useLocationProperty(() => location.hash);
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    document.getElementById(id)?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [hash]);
}

export default function HomePage() {
  useScrollToHash();
  return (
    <PublicLayout>
      <HeroSection />
      <BranchesSection />
      <FunctionsSection />
      <Container size="lg" py={48}>
        <PaymentMethods />
      </Container>
      <ServicesSection />
      <TeamSection />
      <FaqSection />
      <ContactSection />
    </PublicLayout>
  );
}
