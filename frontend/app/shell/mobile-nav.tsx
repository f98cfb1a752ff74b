import { Box, chakra, Grid, Text } from "@chakra-ui/react";
import { ChevronDown, ChevronUp } from "lucide-react";
import { useState } from "react";
import { NavLink } from "react-router-dom";
import { NAV_ITEMS } from "./nav-items";

const StyledNavLink = chakra(NavLink);

/** Mobile (< 768 px) bottom navigation; a round toggle hides or shows the bar. */
export function MobileNav() {
  const [visible, setVisible] = useState(true);

  return (
    <Box display={{ base: "block", md: "none" }} position="fixed" insetX="0" bottom="0" zIndex="docked" pointerEvents="none">
      <Box display="flex" justifyContent="center" mb="-3" position="relative" zIndex="1">
        <chakra.button
          type="button"
          pointerEvents="auto"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? "Hide navigation" : "Show navigation"}
          aria-expanded={visible}
          aria-controls="mobile-navigation"
          w="9"
          h="9"
          rounded="full"
          bg="bg"
          borderWidth="1px"
          shadow="md"
          display="flex"
          alignItems="center"
          justifyContent="center"
          color="fg.muted"
          mb={visible ? "0" : "6"}
          _focusVisible={{ outline: "2px solid", outlineColor: "brand.500", outlineOffset: "2px" }}
        >
          {visible ? <ChevronDown size={18} /> : <ChevronUp size={18} />}
        </chakra.button>
      </Box>
      {visible && (
        <Box
          as="nav"
          id="mobile-navigation"
          aria-label="Mobile navigation"
          pointerEvents="auto"
          bg="bg"
          borderTopWidth="1px"
          shadow="0 -4px 12px rgba(0,0,0,0.06)"
          pb="env(safe-area-inset-bottom)"
        >
          <Grid as="ul" templateColumns="repeat(5, 1fr)" listStyleType="none" m="0" p="1">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <StyledNavLink
                  to={item.to}
                  end={item.end}
                  display="flex"
                  flexDirection="column"
                  alignItems="center"
                  justifyContent="center"
                  gap="0.5"
                  minH="14"
                  px="1"
                  rounded="md"
                  color="fg.muted"
                  _currentPage={{ color: "brand.700", bg: "brand.50" }}
                  _focusVisible={{ outline: "2px solid", outlineColor: "brand.500", outlineOffset: "-2px" }}
                >
                  <item.icon size={20} aria-hidden />
                  <Text as="span" fontSize="2xs" fontWeight="medium" textAlign="center" lineHeight="short">
                    {item.shortLabel}
                  </Text>
                </StyledNavLink>
              </li>
            ))}
          </Grid>
        </Box>
      )}
    </Box>
  );
}
